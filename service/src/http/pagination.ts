import { QuireError } from '@quire/core';
import { z } from 'zod';
import type { Collection, Filter, StoredRecord } from '../store/port';

/** `?limit=&starting_after=`: every list of the API pages the same way, newest first. */
export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page, 1 to 100 (default 20)'),
  starting_after: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('The id of the last item of the previous page: the page starts after it'),
});
export type ListQuery = z.infer<typeof ListQuery>;

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  /** Pass as `starting_after` for the next page; null on the last page. */
  next_cursor: string | null;
}

/**
 * One page of records matching `filter`, newest first by `createdAt` (ties by id). The cursor is an id of the
 * list: a record created or deleted between two pages never shifts the others, as an offset would.
 */
export async function paginate<T extends StoredRecord & { createdAt: string }>(
  collection: Collection<T>,
  filter: Filter,
  query: ListQuery,
): Promise<Page<T>> {
  let window: Filter = filter;
  let skip = 0;
  if (query.starting_after) {
    const after = await collection.findOne({ ...filter, id: query.starting_after });
    if (!after) throw new QuireError('invalid_cursor', { param: 'starting_after' });
    const bound = filter.createdAt;
    // A range the caller already put on createdAt stays; the cursor only narrows it.
    const range = typeof bound === 'object' && bound !== null && !('$in' in bound) ? bound : {};
    window = { ...filter, createdAt: { ...range, $lte: after.createdAt } };
    // Ties on createdAt sort by id, descending: the cursor and the ids above it come first, and are skipped.
    skip = await collection.count({ ...filter, createdAt: after.createdAt, id: { $gte: after.id } });
  }
  const rows = await collection.find(window, {
    sort: { field: 'createdAt', direction: -1 },
    skip,
    limit: query.limit + 1,
  });
  const data = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { object: 'list', data, has_more: hasMore, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null };
}

/** A page with each record turned into its API view. */
export function mapPage<T, U>(page: Page<T>, view: (item: T) => U): Page<U> {
  return { ...page, data: page.data.map(view) };
}
