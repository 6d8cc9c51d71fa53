import type { AssignableRole, PlanId, Role } from '@quire/core';
import type { Collection, Store } from '../store/port';

export interface Team {
  id: string;
  name: string;
  plan: PlanId;
  /** Set only on a user's personal team; unique, so two first requests cannot create two personal teams. */
  personalOwnerId?: string;
  createdAt: string;
}

export type MembershipStatus = 'active' | 'suspended';

export interface Membership {
  /** `<teamId>:<userId>`: one membership per user and team, enforced by the primary key. */
  id: string;
  teamId: string;
  userId: string;
  /** The address at joining time (lower case), for the members list. */
  email: string;
  role: Role;
  status: MembershipStatus;
  joinedAt: string;
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface Invitation {
  id: string;
  teamId: string;
  /** Lower case: the accepting user's email is compared with it. */
  email: string;
  role: AssignableRole;
  status: InvitationStatus;
  /**
   * hashSecret of the mailed token (invitations sent before it was base64url hold hex; both are accepted);
   * removed once the invitation is no longer pending.
   */
  tokenHash?: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  acceptedBy?: string;
  acceptedAt?: string;
}

export interface TeamCollections {
  teams: Collection<Team>;
  memberships: Collection<Membership>;
  invitations: Collection<Invitation>;
}

export const membershipId = (teamId: string, userId: string) => `${teamId}:${userId}`;

/** Team ids as this module makes them; anything else in a Quire-Team header is simply not found. */
export const TEAM_ID = /^team_[A-Za-z0-9_-]{1,64}$/;

export async function openTeamCollections(store: Store): Promise<TeamCollections> {
  return {
    teams: await store.collection<Team>({ name: 'teams', unique: ['personalOwnerId'] }),
    memberships: await store.collection<Membership>({
      name: 'team_memberships',
      indexes: [
        ['teamId', 'joinedAt'],
        ['userId', 'joinedAt'],
      ],
    }),
    invitations: await store.collection<Invitation>({
      name: 'team_invitations',
      unique: ['tokenHash'],
      indexes: [['teamId', 'createdAt'], 'email'],
    }),
  };
}
