import { z } from 'zod';
import { QuireError } from '../errors/quire-error';

export const Role = z.enum(['owner', 'admin', 'editor', 'member', 'viewer']);
export type Role = z.infer<typeof Role>;

/** Roles an invitation or a role change may give; ownership is never handed out by invitation. */
export const AssignableRole = z.enum(['admin', 'editor', 'member', 'viewer']);
export type AssignableRole = z.infer<typeof AssignableRole>;

export const PERMISSIONS = [
  'team:read',
  'team:update',
  'team:delete',
  'members:manage',
  'billing:manage',
  'usage:read',
  'audit:read',
  'api_keys:manage',
  'webhooks:manage',
  'data_sources:read',
  'data_sources:read_rows',
  'data_sources:write',
  'templates:read',
  'templates:write',
  'ai:use',
  'reports:read',
  'reports:create',
  'reports:delete',
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;

const ALL = new Set<Permission>(PERMISSIONS);
const except = (...left: Permission[]) => new Set(PERMISSIONS.filter((p) => !left.includes(p)));

/**
 * What each role may do. The seed's descriptions: Admin "full access to all features and settings", Editor
 * "create and edit templates and reports", Member "create reports using existing templates", Viewer "view
 * reports only". Deleting the team stays with its owner, the one member nobody can remove.
 *
 * Reading a data source's rows (its preview) is `data_sources:read_rows`: owners, admins and editors, who design
 * templates against the data. Members run reports from data sources (`data_sources:read` lets them list and pick
 * one) and see what the templates show, never the raw rows, whose other fields (an SSN, a salary) no template
 * prints. Viewers see neither.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: ALL,
  admin: except('team:delete'),
  editor: new Set<Permission>([
    'team:read',
    'usage:read',
    'data_sources:read',
    'data_sources:read_rows',
    'templates:read',
    'templates:write',
    'ai:use',
    'reports:read',
    'reports:create',
    'reports:delete',
  ]),
  member: new Set<Permission>(['team:read', 'data_sources:read', 'templates:read', 'reports:read', 'reports:create']),
  viewer: new Set<Permission>(['team:read', 'reports:read']),
};

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, { label: string; description: string }>> = {
  owner: { label: 'Owner', description: 'Owns the team and its subscription; cannot be removed.' },
  admin: { label: 'Admin', description: 'Full access to all features and settings' },
  editor: { label: 'Editor', description: 'Create and edit templates and reports' },
  member: { label: 'Member', description: 'Create reports using existing templates' },
  viewer: { label: 'Viewer', description: 'View reports only' },
};

export const DEFAULT_INVITE_ROLE: AssignableRole = 'member';

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Throws `forbidden` unless the role has the permission. */
export function assertCan(role: Role, permission: Permission): void {
  if (!can(role, permission)) {
    throw new QuireError('forbidden', { details: { role, permission } });
  }
}

interface Membership {
  userId: string;
  role: Role;
}

/**
 * Checks a role change or removal of `target` by `actor`, with the seed's messages: nobody changes their own
 * role or removes themselves, and the owner's membership cannot be changed by anyone.
 */
export function assertCanManageMember(actor: Membership, target: Membership, action: 'change_role' | 'remove'): void {
  if (actor.userId === target.userId) {
    throw new QuireError(action === 'remove' ? 'cannot_remove_self' : 'cannot_change_own_role');
  }
  assertCan(actor.role, 'members:manage');
  if (target.role === 'owner')
    throw new QuireError('owner_required', { message: 'The team owner cannot be changed or removed.' });
}
