import { AssignableRole, DEFAULT_INVITE_ROLE, getPlan, QuireError } from '@quire/core';
import { type Request, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Audit } from '../audit/index';
import type { Config } from '../config';
import { hashSecret, newId, newSecretToken, storedHashesOf } from '../crypto/ids';
import { type ActingTeam, type AuthenticatedUser, requireSignedInUser, teamOf, userOf } from '../http/caller';
import type { Mailer } from '../mail/mailer';
import { renderEmail } from '../mail/templates';
import { DuplicateKeyError } from '../store/port';
import { requirePermission } from './acting-team';
import { type Invitation, membershipId, type TeamCollections } from './model';
import { invitationView, teamView } from './serialize';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// The seed's invite form: a simple pattern, with its two messages.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /v1/team/invitations: the role part of the body (the email is checked by parseEmail). */
export const InviteRole = z.object({ role: AssignableRole.optional() });
/** POST /v1/invitations/accept body. */
export const AcceptBody = z.object({ token: z.string().min(1).max(200) });

export interface InvitationDeps extends TeamCollections {
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
  audit?: Pick<Audit, 'record' | 'actorOf'>;
}

/** The invite form's email, with the seed's messages: missing → email_required, malformed → invalid_email. */
function parseEmail(body: unknown): string {
  const raw = (body as { email?: unknown } | undefined)?.email;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    throw new QuireError('email_required', { param: 'email' });
  }
  if (typeof raw !== 'string' || raw.length > 320 || !EMAIL_PATTERN.test(raw.trim())) {
    throw new QuireError('invalid_email', { param: 'email' });
  }
  return raw.trim().toLowerCase();
}

export function invitations(deps: InvitationDeps) {
  const { teams, memberships, invitations, mailer, config, logger, now, audit } = deps;

  const sendInvitation = async (invitation: Invitation, token: string, inviter: AuthenticatedUser, team: string) => {
    const link = `${config.publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
    const rendered = await renderEmail('invitation', { inviter: inviter.email, team, role: invitation.role, link });
    await mailer.send({ to: invitation.email, kind: 'invitation', links: { accept: link }, ...rendered });
  };

  /** A fresh token and expiry for a pending invitation: the old link stops working. */
  const rotate = async (invitation: Invitation, role: Invitation['role']) => {
    const token = newSecretToken();
    const updated = await invitations.updateOne(
      { id: invitation.id, status: 'pending' },
      {
        set: {
          role,
          tokenHash: hashSecret(token),
          expiresAt: new Date(now().getTime() + INVITATION_TTL_MS).toISOString(),
        },
      },
    );
    if (!updated) throw new QuireError('not_found', { message: 'No such invitation.' });
    return { invitation: updated, token };
  };

  /** Active members plus invitations that can still be accepted: both hold a seat of the plan. */
  const seatsUsed = async (teamId: string) =>
    (await memberships.count({ teamId, status: 'active' })) +
    (await invitations.count({ teamId, status: 'pending', expiresAt: { $gt: now().toISOString() } }));

  const pendingOf = async (team: ActingTeam, id: string) => {
    const invitation = await invitations.get(id);
    if (!invitation || invitation.teamId !== team.id || invitation.status !== 'pending') {
      throw new QuireError('not_found', { message: 'No such invitation.' });
    }
    return invitation;
  };

  const invite = async (req: Request, user: AuthenticatedUser, team: ActingTeam) => {
    const email = parseEmail(req.body);
    const role = InviteRole.parse(req.body ?? {}).role ?? DEFAULT_INVITE_ROLE;
    if (await memberships.findOne({ teamId: team.id, email, status: 'active' })) {
      throw new QuireError('already_member', { param: 'email' });
    }
    const at = now();
    const existing = await invitations.findOne({ teamId: team.id, email, status: 'pending' });
    // Inviting the same address again refreshes its invitation rather than holding a second seat.
    if (existing && existing.expiresAt > at.toISOString()) {
      const { invitation, token } = await rotate(existing, role);
      await sendInvitation(invitation, token, user, team.name);
      return invitation;
    }
    const plan = getPlan(team.plan);
    const used = await seatsUsed(team.id);
    if (used + 1 > plan.limits.members) {
      throw new QuireError('plan_limit_exceeded', {
        message: `Your ${plan.name} plan includes ${plan.limits.members} team member${plan.limits.members === 1 ? '' : 's'}. Upgrade your plan to invite more.`,
        details: { limit: plan.limits.members, used, plan: plan.id },
      });
    }
    // An expired invitation to this address is replaced by the new one.
    if (existing) await invitations.updateOne({ id: existing.id, status: 'pending' }, revokedChange());
    const token = newSecretToken();
    const invitation = await invitations.insert({
      id: newId('inv'),
      teamId: team.id,
      email,
      role,
      status: 'pending',
      tokenHash: hashSecret(token),
      invitedBy: user.id,
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
    });
    try {
      await sendInvitation(invitation, token, user, team.name);
    } catch (error) {
      // Nobody can accept an invitation whose mail never left, so it must not hold a seat.
      await invitations.deleteOne(invitation.id);
      throw error;
    }
    return invitation;
  };

  const accept = async (req: Request, user: AuthenticatedUser) => {
    const { token } = AcceptBody.parse(req.body ?? {});
    const invalid = () =>
      new QuireError('not_found', { param: 'token', message: 'This invitation is not valid or was already used.' });
    const invitation = await invitations.findOne({ tokenHash: { $in: storedHashesOf(token) }, status: 'pending' });
    if (!invitation) throw invalid();
    const at = now().toISOString();
    if (invitation.expiresAt <= at) {
      throw new QuireError('validation_failed', {
        param: 'token',
        message: 'This invitation has expired. Ask a team admin to send a new one.',
        details: { reason: 'invitation_expired' },
      });
    }
    if (invitation.email !== user.email.trim().toLowerCase()) {
      throw new QuireError('forbidden', { message: 'This invitation was sent to another email address.' });
    }
    const team = await teams.get(invitation.teamId);
    if (!team) throw invalid();
    const id = membershipId(team.id, user.id);
    if (await memberships.get(id)) throw new QuireError('already_member');
    // The atomic claim makes the token single use even when two requests present it at once.
    const claimed = await invitations.updateOne(
      { id: invitation.id, status: 'pending' },
      { set: { status: 'accepted', acceptedBy: user.id, acceptedAt: at }, unset: ['tokenHash'] },
    );
    if (!claimed) throw invalid();
    try {
      await memberships.insert({
        id,
        teamId: team.id,
        userId: user.id,
        email: invitation.email,
        role: invitation.role,
        status: 'active',
        joinedAt: at,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new QuireError('already_member');
      throw error;
    }
    logger.info({ team_id: team.id, user_id: user.id }, 'invitation accepted');
    return teamView(team, invitation.role, user.id);
  };

  /** POST /invitations, /invitations/:id/resend, DELETE /invitations/:id: mounted in the /v1/team router. */
  const teamRoutes = Router();
  teamRoutes.use('/invitations', requireSignedInUser, requirePermission('members:manage'));
  teamRoutes.post('/invitations', async (req, res) => {
    const invitation = await invite(req, userOf(res), teamOf(res));
    await audit?.record({
      teamId: invitation.teamId,
      actor: audit.actorOf(res),
      action: 'member.invited',
      target: { type: 'invitation', id: invitation.id },
      details: { email: invitation.email, role: invitation.role },
    });
    res
      .status(201)
      .json({ invitation: invitationView(invitation, now()), message: `Invitation sent to ${invitation.email}` });
  });
  teamRoutes.post('/invitations/:id/resend', async (req, res) => {
    const team = teamOf(res);
    const current = await pendingOf(team, req.params.id as string);
    const { invitation, token } = await rotate(current, current.role);
    await sendInvitation(invitation, token, userOf(res), team.name);
    res.json({ invitation: invitationView(invitation, now()), message: `Invitation sent to ${invitation.email}` });
  });
  teamRoutes.delete('/invitations/:id', async (req, res) => {
    const current = await pendingOf(teamOf(res), req.params.id as string);
    const revoked = await invitations.updateOne({ id: current.id, status: 'pending' }, revokedChange());
    if (!revoked) throw new QuireError('not_found', { message: 'No such invitation.' });
    await audit?.record({
      teamId: revoked.teamId,
      actor: audit.actorOf(res),
      action: 'invitation.revoked',
      target: { type: 'invitation', id: revoked.id },
      details: { email: revoked.email },
    });
    res.json({ invitation: invitationView(revoked, now()), message: 'Invitation revoked' });
  });

  /** POST /accept: mounted at /v1/invitations, behind authenticate, for a person only (not in the team yet). */
  const acceptRoutes = Router();
  acceptRoutes.post('/accept', requireSignedInUser, async (req, res) => {
    const team = await accept(req, userOf(res));
    await audit?.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'member.joined',
      target: { type: 'user', id: userOf(res).id },
      details: { role: team.role },
    });
    res.json({ team, message: `You joined ${team.name}` });
  });

  return { teamRoutes, acceptRoutes };
}

const revokedChange = () => ({ set: { status: 'revoked' }, unset: ['tokenHash'] });
