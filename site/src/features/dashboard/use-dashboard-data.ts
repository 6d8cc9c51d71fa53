import { useQuery } from '@tanstack/react-query';
import { useTeamKey, useWorkspace } from '../../workspace/team';

/**
 * What the dashboard reads, each only when the role may: usage (usage:read), reports per day and the latest
 * reports (reports:read), whether a template exists (templates:read), the API keys (api_keys:manage).
 */
export function useDashboardData() {
  const { client, can } = useWorkspace();
  const usage = useQuery({
    queryKey: useTeamKey('usage'),
    queryFn: () => client.usage.get(),
    enabled: can('usage:read'),
  });
  const daily = useQuery({
    queryKey: useTeamKey('reports', 'daily'),
    queryFn: () => client.reports.daily({ days: 14 }),
    enabled: can('reports:read'),
  });
  const recent = useQuery({
    queryKey: useTeamKey('reports', 'recent'),
    queryFn: async () => (await client.reports.list({ limit: 5 })).data,
    enabled: can('reports:read'),
  });
  const templates = useQuery({
    queryKey: useTeamKey('templates', 'names'),
    queryFn: async () => (await client.templates.list({ limit: 100 })).data,
    enabled: can('templates:read'),
  });
  const apiKeys = useQuery({
    queryKey: useTeamKey('api-keys'),
    queryFn: async () => (await client.apiKeys.list()).data,
    enabled: can('api_keys:manage'),
  });
  return { usage, daily, recent, templates, apiKeys };
}
