import type { Invitation, Membership, Team } from './model';

/** The API's snake_case views: stored field names stay internal. */

/**
 * `personal` is true only on the viewer's own personal team, not on someone else's they were invited to. The
 * viewer is a user id, or null for an API key: a key belongs to its team, so for a key `personal` says whether
 * that team is a personal team.
 */
export function teamView(team: Team, role: string, viewerId: string | null) {
  return {
    object: 'team' as const,
    id: team.id,
    name: team.name,
    plan: team.plan,
    personal: viewerId === null ? team.personalOwnerId !== undefined : team.personalOwnerId === viewerId,
    role,
    created_at: team.createdAt,
  };
}

/** `name` is the member's full name from their profile (null when they gave none, or it was not looked up). */
export function memberView(membership: Membership, name: string | null = null) {
  return {
    object: 'member' as const,
    user_id: membership.userId,
    email: membership.email,
    name,
    role: membership.role,
    status: membership.status,
    joined_at: membership.joinedAt,
  };
}

/** A pending invitation past its expiry shows as expired: it can be resent or revoked, not accepted. */
export function invitationView(invitation: Invitation, at: Date) {
  const expired = invitation.status === 'pending' && invitation.expiresAt <= at.toISOString();
  return {
    object: 'invitation' as const,
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: expired ? ('expired' as const) : invitation.status,
    invited_by: invitation.invitedBy,
    created_at: invitation.createdAt,
    expires_at: invitation.expiresAt,
  };
}
