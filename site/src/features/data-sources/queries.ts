import type { DataSource } from '@quire/client';
import { useQuery } from '@tanstack/react-query';
import { useTeamKey, useWorkspace } from '../../workspace';

/** Every data source of the acting team, newest first as the service lists them. */
export function useDataSources(enabled = true) {
  const { client } = useWorkspace();
  return useQuery({
    queryKey: useTeamKey('data-sources'),
    enabled,
    queryFn: async () => {
      const all: DataSource[] = [];
      for await (const source of client.dataSources.list({ limit: 100 })) all.push(source);
      return all;
    },
  });
}

export function useDataSource(id: string, enabled = true) {
  const { client } = useWorkspace();
  return useQuery({
    queryKey: useTeamKey('data-sources', id),
    enabled,
    queryFn: () => client.dataSources.get(id),
  });
}
