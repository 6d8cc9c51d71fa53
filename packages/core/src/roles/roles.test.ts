import { describe, expect, it } from 'vitest';
import { QuireError } from '../errors/quire-error';
import {
  AssignableRole,
  assertCan,
  assertCanManageMember,
  can,
  DEFAULT_INVITE_ROLE,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
} from './roles';

describe('roles', () => {
  it('give owners and admins everything, keeping team deletion with the owner', () => {
    for (const permission of PERMISSIONS) expect(can('owner', permission)).toBe(true);
    for (const permission of PERMISSIONS) expect(can('admin', permission)).toBe(permission !== 'team:delete');
  });

  it('let editors create and edit templates and reports, but not manage the team or billing', () => {
    expect(can('editor', 'templates:write')).toBe(true);
    expect(can('editor', 'reports:create')).toBe(true);
    expect(can('editor', 'ai:use')).toBe(true);
    expect(can('editor', 'members:manage')).toBe(false);
    expect(can('editor', 'billing:manage')).toBe(false);
    expect(can('editor', 'api_keys:manage')).toBe(false);
  });

  it('let owners, admins and editors read data source rows, and members only pick a data source', () => {
    expect(PERMISSIONS.filter((p) => p === 'data_sources:read_rows')).toHaveLength(1);
    for (const role of ['owner', 'admin', 'editor'] as const) expect(can(role, 'data_sources:read_rows')).toBe(true);
    for (const role of ['member', 'viewer'] as const) expect(can(role, 'data_sources:read_rows')).toBe(false);
    expect(can('member', 'data_sources:read')).toBe(true);
  });

  it('let members create reports from existing templates only', () => {
    expect(can('member', 'reports:create')).toBe(true);
    expect(can('member', 'templates:read')).toBe(true);
    expect(can('member', 'templates:write')).toBe(false);
    expect(can('member', 'ai:use')).toBe(false);
  });

  it('let viewers view reports only', () => {
    const allowed = PERMISSIONS.filter((p) => can('viewer', p));
    expect(allowed).toEqual(['team:read', 'reports:read']);
  });

  it('carry the seed descriptions and invite as member by default', () => {
    expect(ROLE_DESCRIPTIONS.admin.description).toBe('Full access to all features and settings');
    expect(ROLE_DESCRIPTIONS.editor.description).toBe('Create and edit templates and reports');
    expect(ROLE_DESCRIPTIONS.member.description).toBe('Create reports using existing templates');
    expect(ROLE_DESCRIPTIONS.viewer.description).toBe('View reports only');
    expect(DEFAULT_INVITE_ROLE).toBe('member');
    expect(AssignableRole.safeParse('owner').success).toBe(false);
  });

  it('refuse with a typed forbidden error', () => {
    expect(() => assertCan('viewer', 'templates:write')).toThrowError(
      expect.objectContaining({ code: 'forbidden', status: 403 }),
    );
    expect(() => assertCan('admin', 'templates:write')).not.toThrow();
  });

  it('refuse changing your own role or removing yourself, with the seed messages', () => {
    const me = { userId: 'u1', role: 'owner' as const };
    const change = () => assertCanManageMember(me, me, 'change_role');
    const remove = () => assertCanManageMember(me, me, 'remove');
    expect(change).toThrowError('You cannot change your own role');
    expect(remove).toThrowError('You cannot remove yourself');
  });

  it('protect the owner and require the members permission', () => {
    const owner = { userId: 'o', role: 'owner' as const };
    const admin = { userId: 'a', role: 'admin' as const };
    const editor = { userId: 'e', role: 'editor' as const };
    expect(() => assertCanManageMember(admin, owner, 'remove')).toThrowError(
      expect.objectContaining({ code: 'owner_required' }),
    );
    expect(() => assertCanManageMember(editor, admin, 'change_role')).toThrowError(
      expect.objectContaining({ code: 'forbidden' }),
    );
    expect(() => assertCanManageMember(admin, editor, 'remove')).not.toThrow();
    try {
      assertCanManageMember(editor, admin, 'remove');
    } catch (error) {
      expect(QuireError.isInstance(error)).toBe(true);
    }
  });
});
