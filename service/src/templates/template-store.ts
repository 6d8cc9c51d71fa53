import { QuireError, type TemplateContent } from '@quire/core';
import { newId } from '../crypto/ids';
import { type Page, paginate } from '../http/pagination';
import { DuplicateKeyError, type Filter } from '../store/port';
import {
  fromStoredContent,
  TEMPLATE_ID,
  type TemplateCollections,
  type TemplateRecord,
  toStoredContent,
  type VersionRecord,
  versionId,
} from './model';

/** Who makes a template or a version: the acting team, and the user (null for an API key or an embed token). */
export interface Author {
  teamId: string;
  userId: string | null;
  /** Called with a template this author created, once it is kept: an embed token adds it to its scope. */
  adopt?: (templateId: string) => Promise<void>;
}

export interface SaveOptions {
  publish: boolean;
  message: string;
}

export interface TemplateListQuery {
  limit: number;
  starting_after?: string | undefined;
  q?: string | undefined;
  tag?: string | undefined;
  /** Only these templates (an embed token's scope). */
  ids?: readonly string[] | undefined;
}

/**
 * Throws 402 plan_limit_exceeded unless one more template fits next to `current` (usage.assertRoom, bound to the
 * acting team by the caller).
 */
export type RoomCheck = (current: number) => Promise<void>;

// Saves of one template only collide when they run at the same moment; each collision costs one retry.
const MAX_SAVE_ATTEMPTS = 10;

/** Every read and write of templates and their versions, always within one team. */
export function templateStore({ templates, versions, threads }: TemplateCollections, now: () => Date) {
  // Soft-deleted templates (none today: deletes are hard) would not count, as in the usage module's count.
  const live = (teamId: string): Filter => ({ teamId, deletedAt: { $exists: false } });

  /** The team's template, or 404 template_not_found: another team's template is not found, never forbidden. */
  async function find(teamId: string, id: string): Promise<TemplateRecord> {
    const template = TEMPLATE_ID.test(id) ? await templates.get(id) : undefined;
    if (!template || template.teamId !== teamId) throw new QuireError('template_not_found');
    return template;
  }

  /** One version of a template (default its latest), or 404 version_not_found. */
  async function version(template: TemplateRecord, number = template.latestVersion): Promise<VersionRecord> {
    const found = await versions.get(versionId(template.id, number));
    if (!found || found.teamId !== template.teamId) {
      throw new QuireError('version_not_found', {
        message: `Template ${template.id} has no version ${number}.`,
        param: 'version',
      });
    }
    return found;
  }

  async function content(template: TemplateRecord, number?: number): Promise<TemplateContent> {
    return fromStoredContent((await version(template, number)).content);
  }

  /**
   * Creates a template whose version 1 is published. The plan's template limit is checked before the insert,
   * then again after it, because two concurrent creates at the limit both pass the first check. The second check
   * counts only the team's templates ordered before this one (by creation time, then id): every concurrent
   * creator agrees on that order, so the earliest ones keep the free places and the others take theirs back and
   * answer 402. At worst a create is refused while a later-ordered one is still rolling back; never are there
   * more templates than the plan allows.
   */
  async function create(author: Author, initial: TemplateContent, message: string, assertRoom: RoomCheck) {
    await assertRoom(await templates.count(live(author.teamId)));
    const at = now().toISOString();
    const id = newId('tpl');
    const first: VersionRecord = {
      id: versionId(id, 1),
      templateId: id,
      teamId: author.teamId,
      version: 1,
      content: toStoredContent(initial),
      message,
      createdBy: author.userId,
      createdAt: at,
    };
    const template: TemplateRecord = {
      id,
      teamId: author.teamId,
      name: initial.name,
      description: initial.description,
      kind: initial.kind,
      tags: initial.tags,
      publishedVersion: 1,
      latestVersion: 1,
      createdBy: author.userId,
      createdAt: at,
      updatedAt: at,
    };
    // The version first: a template is never visible without the content it points at.
    await versions.insert(first);
    await templates.insert(template);
    const ahead =
      (await templates.count({ ...live(author.teamId), createdAt: { $lt: at } })) +
      (await templates.count({ ...live(author.teamId), createdAt: at, id: { $lt: id } }));
    try {
      await assertRoom(ahead);
    } catch (error) {
      await remove(template);
      throw error;
    }
    await author.adopt?.(template.id);
    return { template, version: first };
  }

  /** The newest version in the versions collection: the truth, even when a crashed save never moved the pointer. */
  async function newest(template: TemplateRecord): Promise<VersionRecord | undefined> {
    const [head] = await versions.find(
      { templateId: template.id, teamId: template.teamId },
      { sort: { field: 'version', direction: -1 }, limit: 1 },
    );
    return head;
  }

  /**
   * Saves a new immutable version built from the newest one, and moves the pointers. Taking a version number is
   * the insert of `<id>:v<n>`, which the primary key lets only one save win; a save that loses builds again on
   * the winner's content, so concurrent partial saves never drop each other's changes. The latest pointer only
   * moves forward; the published one goes to whichever publishing save lands last.
   */
  async function save(
    template: TemplateRecord,
    author: Author,
    build: (base: TemplateContent) => TemplateContent,
    options: SaveOptions,
  ): Promise<{ template: TemplateRecord; version: VersionRecord; content: TemplateContent }> {
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const head = await newest(template);
      if (!head) throw new QuireError('template_not_found');
      const next = build(fromStoredContent(head.content));
      const at = now().toISOString();
      const record: VersionRecord = {
        id: versionId(template.id, head.version + 1),
        templateId: template.id,
        teamId: template.teamId,
        version: head.version + 1,
        content: toStoredContent(next),
        message: options.message,
        createdBy: author.userId,
        createdAt: at,
      };
      try {
        await versions.insert(record);
      } catch (error) {
        if (error instanceof DuplicateKeyError) continue;
        throw error;
      }
      const fields = {
        name: next.name,
        description: next.description,
        kind: next.kind,
        tags: next.tags,
        latestVersion: record.version,
        updatedAt: at,
      };
      const mine = { id: template.id, teamId: template.teamId };
      let updated = await templates.updateOne(
        { ...mine, latestVersion: { $lt: record.version } },
        { set: options.publish ? { ...fields, publishedVersion: record.version } : fields },
      );
      // A newer version got recorded first (its fields stay), or the template was deleted meanwhile.
      updated ??= options.publish
        ? await templates.updateOne(mine, { set: { publishedVersion: record.version, updatedAt: at } })
        : await templates.findOne(mine);
      if (!updated) {
        await versions.deleteOne(record.id);
        throw new QuireError('template_not_found');
      }
      return { template: updated, version: record, content: next };
    }
    throw new QuireError('internal_error', { message: 'Too many saves of this template at once. Please try again.' });
  }

  async function publish(template: TemplateRecord, number: number): Promise<TemplateRecord> {
    await version(template, number);
    const updated = await templates.updateOne(
      { id: template.id, teamId: template.teamId },
      { set: { publishedVersion: number, updatedAt: now().toISOString() } },
    );
    if (!updated) throw new QuireError('template_not_found');
    return updated;
  }

  /** Hard delete: the template first (so it stops counting and resolving), then every version and its thread. */
  async function remove(template: TemplateRecord): Promise<void> {
    await templates.deleteOne(template.id);
    await versions.deleteMany({ templateId: template.id, teamId: template.teamId });
    await threads.deleteMany({ templateId: template.id, teamId: template.teamId });
  }

  /**
   * A page of the team's templates, newest first. A name search or a tag filter cannot be said in the store's
   * filters, so those read the team's templates (bounded by the plan's limit) and page in memory, in the same
   * order and with the same cursor as the store's pages.
   */
  async function list(teamId: string, query: TemplateListQuery): Promise<Page<TemplateRecord>> {
    const filter: Filter = query.ids === undefined ? live(teamId) : { ...live(teamId), id: { $in: [...query.ids] } };
    if (query.q === undefined && query.tag === undefined) return paginate(templates, filter, query);
    const needle = query.q?.toLowerCase();
    const all = await templates.find(filter, { sort: { field: 'createdAt', direction: -1 } });
    const matching = all.filter(
      (t) =>
        (needle === undefined || t.name.toLowerCase().includes(needle)) &&
        (query.tag === undefined || t.tags.includes(query.tag)),
    );
    let start = 0;
    if (query.starting_after !== undefined) {
      const index = matching.findIndex((t) => t.id === query.starting_after);
      if (index < 0) throw new QuireError('invalid_cursor', { param: 'starting_after' });
      start = index + 1;
    }
    const data = matching.slice(start, start + query.limit);
    const hasMore = matching.length > start + query.limit;
    return { object: 'list', data, has_more: hasMore, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null };
  }

  /** A page of a template's versions, newest first; the cursor is a version number. */
  async function listVersions(
    template: TemplateRecord,
    query: { limit: number; starting_after?: number | undefined },
  ): Promise<Page<VersionRecord>> {
    const filter: Filter = { templateId: template.id, teamId: template.teamId };
    if (query.starting_after !== undefined) {
      if (!(await versions.get(versionId(template.id, query.starting_after)))) {
        throw new QuireError('invalid_cursor', { param: 'starting_after' });
      }
      filter.version = { $lt: query.starting_after };
    }
    const rows = await versions.find(filter, { sort: { field: 'version', direction: -1 }, limit: query.limit + 1 });
    const data = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    const last = data.at(-1);
    return { object: 'list', data, has_more: hasMore, next_cursor: hasMore && last ? String(last.version) : null };
  }

  return { find, version, content, create, save, publish, remove, list, listVersions };
}

export type TemplateStore = ReturnType<typeof templateStore>;
