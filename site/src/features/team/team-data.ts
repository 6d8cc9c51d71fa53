import type { Quire } from '@quire/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { plansQuery } from '../../api/catalogue';
import { useTeamKey, useWorkspace } from '../../workspace';

type MembersPage = Awaited<ReturnType<Quire['team']['members']['list']>>;
export type TeamRow = MembersPage['data'][number];
export type MemberRow = Extract<TeamRow, { object: 'member' }>;
export type InvitationRow = Extract<TeamRow, { object: 'invitation' }>;

/** The team's members, then its pending (or lapsed) invitations: GET /v1/team/members. */
export function useTeamMembers() {
  const { client } = useWorkspace();
  return useQuery({
    queryKey: useTeamKey('members'),
    queryFn: async () => (await client.team.members.list()).data,
  });
}

/**
 * The seats of the plan: active members and invitations that can still be accepted each hold one (as the service
 * counts them when inviting). The limit comes from the public plan catalogue and the team's plan.
 */
export function useSeats(rows: TeamRow[] | undefined) {
  const { team } = useWorkspace();
  const plans = useQuery(plansQuery);
  const plan = plans.data?.find((p) => p.id === team.plan);
  if (!rows || !plan) return null;
  const used = rows.filter(
    (row) =>
      (row.object === 'member' && row.status === 'active') || (row.object === 'invitation' && row.status === 'pending'),
  ).length;
  return { used, limit: plan.limits.members, planName: plan.name, full: used >= plan.limits.members };
}

/** After a change to the team: its members and its audit log are read again. */
export function useRefreshTeam(): () => Promise<void> {
  const queryClient = useQueryClient();
  const members = useTeamKey('members');
  const audit = useTeamKey('audit-log');
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: members }),
      queryClient.invalidateQueries({ queryKey: audit }),
    ]);
  };
}
