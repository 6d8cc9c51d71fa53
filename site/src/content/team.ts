/**
 * The team page's texts (seed sections 2 "Team page", 4, 5 and 8), word for word where the seed gives them, and the
 * accept-invitation page's. The browser tests import this table and check the screens against it, so it imports
 * nothing. The roles' descriptions are @quire/core's ROLE_DESCRIPTIONS (the seed's section 6).
 */
export const TEAM_TEXT = {
  title: 'Team',
  lead: 'The people of your team, their roles, and the invitations waiting for an answer.',
  search: 'Search members',
  searchPlaceholder: 'Search by name, email or role',
  noMatch: 'No members found matching your search',
  invite: 'Invite Member',
  members: 'Members',
  member: 'Member',
  role: 'Role',
  status: 'Status',
  joined: 'Joined',
  actions: 'Actions',
  you: 'You',
  active: 'Active',
  pending: 'Pending',
  expired: 'Expired',
  /** The per-member menu (seed section 2): "Make Admin, Editor, Member, Viewer, and Remove". */
  menuLabel: (email: string) => `Actions for ${email}`,
  makeRole: (label: string) => `Make ${label}`,
  remove: 'Remove',
  invitations: 'Pending invitations',
  resend: 'Resend',
  revoke: 'Revoke',
  invitedAs: (role: string) => `Invited as ${role}`,
  expires: (date: string) => `Expires ${date}`,
  seats: (used: number, limit: number) => `${used} of ${limit} ${limit === 1 ? 'seat' : 'seats'}`,
  seatsNote: 'Members and pending invitations each hold a seat of your plan.',
  seatsFull: (plan: string, limit: number) =>
    `Your ${plan} plan includes ${limit} ${limit === 1 ? 'seat' : 'seats'}, all in use. Upgrade your plan or revoke an invitation to invite someone new.`,
  upgrade: 'Change plan',
  ownerNote: 'The owner cannot be demoted or removed.',
  audit: 'Audit log',
  auditLead: 'Sensitive actions in this team, newest first.',
  auditEmpty: 'Nothing recorded yet.',
  auditWhen: 'When',
  auditAction: 'Action',
  auditBy: 'By',
  auditDetails: 'Details',
  auditApiKey: 'API key',
  formerMember: 'A former member',
  older: 'Older entries',
  newer: 'Newest entries',
  loadFailed: 'The team could not be loaded.',
} as const;

/** The invite dialog (seed sections 5 and 8). */
export const INVITE_TEXT = {
  title: 'Invite a team member',
  description: 'They get an email with a link to join this team. The invitation is pending until they accept it.',
  email: 'Email',
  emailPlaceholder: 'colleague@example.com',
  role: 'Role',
  send: 'Send Invitation',
  sending: 'Sending…',
  cancel: 'Cancel',
} as const;

/** The seed's messages of the team page (sections 5 and 8), checked by the tests. */
export const TEAM_MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  cannotRemoveSelf: 'You cannot remove yourself',
  cannotChangeOwnRole: 'You cannot change your own role',
  confirmRemove: 'Are you sure you want to remove this member?',
  memberRemoved: 'Team member removed',
  roleUpdated: 'Role updated successfully',
  /** Not in the seed: the service's answer to a revoke, and a fallback when a call got no answer. */
  invitationRevoked: 'Invitation revoked',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The page the invitation mail links to (/invitations/accept?token=…). */
export const ACCEPT_TEXT = {
  title: 'Join a team',
  lead: 'You have been invited to join a team on Quire.',
  signedOut:
    'Sign in with the email address the invitation was sent to, then accept it. New to Quire? Create an account with that address and confirm it: signing in then brings you back here.',
  signIn: 'Sign in to accept',
  register: 'Create an account',
  signedInAs: (email: string) => `Signed in as ${email}. The invitation must have been sent to this address.`,
  accept: 'Accept invitation',
  accepting: 'Joining…',
  noToken: 'This link has no invitation in it. Open the link from the invitation email again.',
  failed: 'The invitation could not be accepted.',
  toDashboard: 'Go to your dashboard',
} as const;
