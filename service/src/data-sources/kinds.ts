import type { z } from 'zod';
import type { SourceContext } from './context';
import { buildHttp, type HttpSettings, httpEditable, httpView, loadHttp, testHttp } from './http-source';
import { mysqlDriver } from './mysql-source';
import type { Params } from './placeholders';
import { postgresDriver } from './postgres-source';
import type { Loaded } from './rows';
import type { MERGED_BODIES } from './schemas';
import { buildSql, loadSql, type SqlDriver, type SqlSettings, sqlEditable, sqlView, testSql } from './sql-source';
import { buildStatic, type StaticSettings, staticEditable, staticView } from './static-source';

/** A kind and its stored settings: the part of a data source record that differs by kind. */
export type SourceSettings =
  | { type: 'http'; settings: HttpSettings }
  | { type: 'postgres'; settings: SqlSettings }
  | { type: 'mysql'; settings: SqlSettings }
  | { type: 'static'; settings: StaticSettings };

/** A checked body (create, or stored fields with a patch applied), by kind. */
export type SourceInput = {
  [K in keyof typeof MERGED_BODIES]: z.infer<(typeof MERGED_BODIES)[K]> & { type: K };
}[keyof typeof MERGED_BODIES];

const DRIVERS: Record<'postgres' | 'mysql', SqlDriver> = { postgres: postgresDriver, mysql: mysqlDriver };

/** The settings to store; `previous` (same kind, on an update) keeps the secrets the body leaves out. */
export async function buildSettings(
  input: SourceInput,
  ctx: SourceContext,
  previous?: SourceSettings,
): Promise<SourceSettings> {
  switch (input.type) {
    case 'http':
      return {
        type: 'http',
        settings: await buildHttp(input, ctx, previous?.type === 'http' ? previous.settings : undefined),
      };
    case 'postgres':
    case 'mysql': {
      const old = previous?.type === input.type ? previous.settings : undefined;
      return { type: input.type, settings: await buildSql(input.type, input, ctx, old) };
    }
    case 'static':
      return { type: 'static', settings: await buildStatic(input, (settings) => ctx.parser.check(settings)) };
  }
}

/** The kind's fields as the API shows them (no secrets). */
export function viewFields(source: SourceSettings): Record<string, unknown> {
  switch (source.type) {
    case 'http':
      return httpView(source.settings);
    case 'postgres':
    case 'mysql':
      return sqlView(source.settings);
    case 'static':
      return staticView(source.settings);
  }
}

/** The kind's fields in body form, without secrets: what a PATCH is applied to. */
export function editableFields(source: SourceSettings): Record<string, unknown> {
  switch (source.type) {
    case 'http':
      return httpEditable(source.settings);
    case 'postgres':
    case 'mysql':
      return sqlEditable(source.settings);
    case 'static':
      return staticEditable(source.settings);
  }
}

export function loadSettings(source: SourceSettings, params: Params, ctx: SourceContext): Promise<Loaded> {
  switch (source.type) {
    case 'http':
      return loadHttp(source.settings, params, ctx);
    case 'postgres':
    case 'mysql':
      return loadSql(source.type, DRIVERS[source.type], source.settings, params, ctx);
    case 'static':
      return ctx.parser.load(source.settings);
  }
}

/** Connectivity only: a 2xx answer, or a read-only transaction running `SELECT 1`; static content always is. */
export async function testSettings(source: SourceSettings, params: Params, ctx: SourceContext): Promise<void> {
  switch (source.type) {
    case 'http':
      return testHttp(source.settings, params, ctx);
    case 'postgres':
    case 'mysql':
      return testSql(source.type, DRIVERS[source.type], source.settings, ctx);
    case 'static':
      return;
  }
}
