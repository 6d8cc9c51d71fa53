import { assertDataValid } from '../templates/data-validation';
import type { DataSourcesPort } from './deps';
import type { ReportInput } from './records';
import type { ResolvedTemplate } from './rendering';

/**
 * The data a report renders with: the request's (checked against the schema when it was made), or its data
 * source's, read now and checked against the version's schema when the version asks for it (422 data_invalid,
 * `param: "data_source"`).
 */
export async function reportData(
  dataSources: DataSourcesPort,
  teamId: string,
  input: ReportInput,
  template: ResolvedTemplate,
): Promise<Record<string, unknown>> {
  if ('data' in input) return input.data;
  const data = await dataSources.load(teamId, input.dataSource.id, input.dataSource.params);
  assertDataValid(template.content, data, 'data_source');
  return data;
}
