import { type AssignableRole, ROLE_DESCRIPTIONS } from '@quire/core';
import { Dialog } from '@quire/react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { TEAM_MESSAGES as M, TEAM_TEXT as T } from '../../content/team';
import { useBossMode, useWorkspace } from '../../workspace';
import { notify } from '../account/notify';
import { failureOf } from './errors';
import { INVITE_ROLES } from './InviteDialog';
import { type MemberRow, useRefreshTeam } from './team-data';

/**
 * The per-member menu (seed section 2): Make Admin, Editor, Member, Viewer, and Remove, for people who manage
 * members. Nobody changes their own role or removes themselves (the seed's messages, as the service answers); the
 * owner's row has no menu at all. Removal asks first.
 */
export function MemberActions({ member, isSelf }: { member: MemberRow; isSelf: boolean }) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const refresh = useRefreshTeam();
  const [confirming, setConfirming] = useState(false);

  const fail = (error: unknown) => {
    const failure = failureOf(error, M.failed, boss);
    notify.error(failure.message, failure.detail);
  };
  const changeRole = useMutation({
    mutationFn: (role: AssignableRole) => client.team.members.update(member.user_id, { role }),
    onSuccess: async () => {
      notify.success(M.roleUpdated);
      await refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => client.team.members.remove(member.user_id),
    onSuccess: async () => {
      setConfirming(false);
      notify.success(M.memberRemoved);
      await refresh();
    },
    onError: (error) => {
      setConfirming(false);
      fail(error);
    },
  });

  if (member.role === 'owner') return null;
  const busy = changeRole.isPending || remove.isPending;

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="site-button site-button-ghost team-menu-trigger"
          aria-label={T.menuLabel(member.email)}
          disabled={busy}
        >
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content className="team-menu" align="end" sideOffset={4}>
          {INVITE_ROLES.map((role) => (
            <DropdownMenu.Item
              key={role}
              className="team-menu-item"
              disabled={role === member.role}
              onSelect={() => {
                if (isSelf) notify.error(M.cannotChangeOwnRole);
                else changeRole.mutate(role);
              }}
            >
              {T.makeRole(ROLE_DESCRIPTIONS[role].label)}
              {role === member.role ? <span className="team-muted"> (current)</span> : null}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="team-menu-separator" />
          <DropdownMenu.Item
            className="team-menu-item team-menu-danger"
            onSelect={() => {
              if (isSelf) notify.error(M.cannotRemoveSelf);
              else setConfirming(true);
            }}
          >
            {T.remove}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <Dialog open={confirming} onOpenChange={setConfirming} title={T.remove} description={M.confirmRemove}>
        <p className="team-confirm-subject">{member.email}</p>
        <div className="team-dialog-actions">
          <button type="button" className="site-button site-button-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="site-button site-button-primary team-danger-button"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? 'Removing…' : T.remove}
          </button>
        </div>
      </Dialog>
    </>
  );
}
