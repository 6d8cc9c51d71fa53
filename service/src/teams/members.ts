import { AssignableRole, assertCanManageMember, can, PERMISSIONS, QuireError } from '@quire/core';
import { type Response, Router } from 'express';
import { z } from 'zod';
import type { Audit } from '../audit/index';
import { type ActingTeam, isApiKeyRequest, requireSignedInUser, teamOf, userOf } from '../http/caller';
import { requirePermission } from './acting-team';
import { type Membership, membershipId, type TeamCollections } from './model';
import { invitationView, memberView, teamView } from './serialize';

/** PATCH /v1/team/members/:userId body. */
export const RoleBody = z.object({ role: AssignableRole });

/** What removing a member ends elsewhere: the API keys they created in the team (api-keys' revoker). */
export type OnMemberRemoved = (removed: { teamId: string; userId: string; res: Response }) => Promise<string[]>;

/** The full names of users by id (from their profiles); a user without one is absent or null. */
export type NamesOf = (userIds: string[]) => Promise<Map<string, string | null>>;

/** GET /, GET /members, PATCH and DELETE /members/:userId: mounted in the /v1/team router. */
export function memberRoutes(
  { teams, memberships, invitations }: TeamCollections,
  now: () => Date,
  audit?: Pick<Audit, 'record' | 'actorOf'>,
  onMemberRemoved?: OnMemberRemoved,
  namesOf?: NamesOf,
): Router {
  const router = Router();
  const named = async (list: Membership[]) => {
    const names = namesOf ? await namesOf(list.map((m) => m.userId)) : new Map<string, string | null>();
    return list.map((m) => memberView(m, names.get(m.userId) ?? null));
  };

  const targetOf = async (team: ActingTeam, userId: string): Promise<Membership> => {
    const target = await memberships.get(membershipId(team.id, userId));
    if (!target) throw new QuireError('not_found', { message: 'No such team member.' });
    return target;
  };

  router.get('/', requirePermission('team:read'), async (_req, res) => {
    const acting = teamOf(res);
    const team = await teams.get(acting.id);
    if (!team) throw new QuireError('not_found', { message: 'No such team.' });
    // What the caller may do in it, so that a program (the MCP server) offers only what its key's role allows.
    res.json({
      ...teamView(team, acting.role, isApiKeyRequest(res) ? null : userOf(res).id),
      permissions: PERMISSIONS.filter((permission) => can(acting.role, permission)),
    });
  });

  router.get('/members', requirePermission('team:read'), async (_req, res) => {
    const team = teamOf(res);
    const members = await memberships.find({ teamId: team.id }, { sort: { field: 'joinedAt', direction: 1 } });
    const pending = await invitations.find(
      { teamId: team.id, status: 'pending' },
      { sort: { field: 'createdAt', direction: 1 } },
    );
    const at = now();
    res.json({
      object: 'list',
      data: [...(await named(members)), ...pending.map((invitation) => invitationView(invitation, at))],
    });
  });

  router.patch('/members/:userId', requireSignedInUser, requirePermission('members:manage'), async (req, res) => {
    const team = teamOf(res);
    const actor = { userId: userOf(res).id, role: team.role };
    const target = await targetOf(team, req.params.userId as string);
    assertCanManageMember(actor, target, 'change_role');
    const { role } = RoleBody.parse(req.body ?? {});
    // Conditional on the role read above: a concurrent promotion to owner (by billing, say) is not overwritten.
    const updated = await memberships.updateOne({ id: target.id, role: target.role }, { set: { role } });
    if (!updated) throw new QuireError('not_found', { message: 'No such team member.' });
    await audit?.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'member.role_changed',
      target: { type: 'user', id: target.userId },
      details: { from: target.role, to: role },
    });
    const [member] = await named([updated]);
    res.json({ member, message: 'Role updated successfully' });
  });

  router.delete('/members/:userId', requireSignedInUser, requirePermission('members:manage'), async (req, res) => {
    const team = teamOf(res);
    const actor = { userId: userOf(res).id, role: team.role };
    const target = await targetOf(team, req.params.userId as string);
    assertCanManageMember(actor, target, 'remove');
    await memberships.deleteOne(target.id);
    await audit?.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'member.removed',
      target: { type: 'user', id: target.userId },
      details: { email: target.email, role: target.role },
    });
    const revoked = (await onMemberRemoved?.({ teamId: team.id, userId: target.userId, res })) ?? [];
    res.json({ user_id: target.userId, deleted: true, message: 'Team member removed', revoked_api_keys: revoked });
  });

  return router;
}
