// The two NeDB modules the embedded store uses beyond the package's main entry, which its typings do not cover.

declare module '@seald-io/nedb/lib/cursor.js' {
  /** A query over a datastore; `mapFn` receives the matching documents themselves (not copies). */
  export default class Cursor<R> {
    constructor(db: unknown, query: Record<string, unknown>, mapFn: (docs: Record<string, unknown>[]) => R);
    execAsync(): Promise<R>;
  }
}

declare module '@seald-io/nedb/lib/model.js' {
  /** The document after an update query (`$set`, `$inc`, `$unset`...), as NeDB would store it; a new object. */
  export function modify<T>(doc: T, update: Record<string, unknown>): T;
}
