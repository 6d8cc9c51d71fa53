import type { Quire, TeamObject } from '@quire/client';
import { type Permission, can as roleCan } from '@quire/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { createQuireClient } from '../api/client';

/** Where the chosen team is remembered between visits (per browser, like the theme). */
export const TEAM_STORAGE_KEY = 'quire-team';

/** A team as the service gives it, with the caller's role. */
export type Team = TeamObject;

export interface Workspace {
  /** The acting team (with the signed-in person's role in it). */
  team: Team;
  /** Every team the person belongs to; the sidebar offers a switcher when there are several. */
  teams: Team[];
  /** A Quire client acting for `team` (`Quire-Team`), with the session's token. Use it for every team call. */
  client: Quire;
  /** Whether the person's role in `team` allows it: the UI offers only what the service would accept. */
  can(permission: Permission): boolean;
  switchTeam(teamId: string): void;
}

const WorkspaceContext = createContext<Workspace | null>(null);

/** The teams query: every screen of the signed-in app shares it (`queryClient.invalidateQueries(teamsQueryKey)`). */
export const teamsQueryKey = ['workspace', 'teams'] as const;

function rememberedTeam(): string | null {
  try {
    return window.localStorage.getItem(TEAM_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Loads the person's teams and hands the acting one (and a client for it) to the screens below. The choice is
 * remembered; a remembered team the person has left falls back to their first (personal) team.
 */
export function WorkspaceProvider({
  children,
  fallback,
  client: baseClient,
}: {
  children: ReactNode;
  /** Shown while the teams load. */
  fallback: ReactNode;
  /** For tests: the client to derive team clients from. */
  client?: Quire;
}) {
  const base = useMemo(() => baseClient ?? createQuireClient(), [baseClient]);
  const teams = useQuery({
    queryKey: teamsQueryKey,
    queryFn: async () => (await base.team.list()).data,
  });
  const [chosen, setChosen] = useState<string | null>(rememberedTeam);
  const switchTeam = useCallback((teamId: string) => {
    try {
      window.localStorage.setItem(TEAM_STORAGE_KEY, teamId);
    } catch {
      // Storage refused (private mode): the choice lasts this visit.
    }
    setChosen(teamId);
  }, []);

  const list = teams.data;
  const team = list?.find((t) => t.id === chosen) ?? list?.find((t) => t.personal) ?? list?.[0];
  const value = useMemo<Workspace | null>(() => {
    if (!list || !team) return null;
    return {
      team,
      teams: list,
      client: base.withOptions({ team: team.id }),
      can: (permission) => roleCan(team.role, permission),
      switchTeam,
    };
  }, [list, team, base, switchTeam]);

  if (teams.isError) throw teams.error;
  if (!value) return <>{fallback}</>;
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The acting team, its client and the role's permissions. Only inside the signed-in app. */
export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace needs a <WorkspaceProvider> above it (the signed-in layout)');
  return workspace;
}

/** The team's client; query keys of team data should start with `['team', team.id, …]` so a switch refetches. */
export function useTeamClient(): Quire {
  return useWorkspace().client;
}

/** A query key scoped to the acting team. */
export function useTeamKey(...parts: unknown[]): unknown[] {
  return ['team', useWorkspace().team.id, ...parts];
}
