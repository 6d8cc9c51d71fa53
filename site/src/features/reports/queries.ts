import type { DataSource, Quire, Report, TemplateSummary } from '@quire/client';
import { useQuery } from '@tanstack/react-query';
import { useTeamKey, useWorkspace } from '../../workspace';

/** At most this many templates or data sources are offered in a picker (the team's newest first). */
const PICKER_MAX = 200;

async function collect<T>(pages: AsyncIterable<T>, max = PICKER_MAX): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) {
    items.push(item);
    if (items.length >= max) break;
  }
  return items;
}

/** The team's templates (for the filter, the picker and the names in the table). */
export function useTemplates() {
  const { client, can } = useWorkspace();
  return useQuery({
    queryKey: useTeamKey('templates', 'picker'),
    queryFn: () => collect<TemplateSummary>(client.templates.list({ limit: 100 })),
    // Viewers read reports but not templates: they see template ids.
    enabled: can('templates:read'),
  });
}

/** The team's data sources, when the role may read them. */
export function useDataSources(enabled: boolean) {
  const { client } = useWorkspace();
  return useQuery({
    queryKey: useTeamKey('data-sources', 'picker'),
    queryFn: () => collect<DataSource>(client.dataSources.list({ limit: 100 })),
    enabled,
  });
}

/** Saves a report's file the way a browser downloads: a link to its bytes, clicked. */
export async function downloadReport(client: Quire, report: Pick<Report, 'id' | 'filename'>): Promise<void> {
  const file = await client.reports.download(report.id);
  const bytes = await file.bytes();
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? report.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
