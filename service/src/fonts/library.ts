import type { FontFaces } from '@quire/render';
import type { Logger } from 'pino';
import type { BlobStore, Collection } from '../store/port';
import { FACES, type FontFamily } from './model';

export interface FontLibraryDeps {
  families: Collection<FontFamily>;
  blobs: Pick<BlobStore, 'get'>;
  logger: Pick<Logger, 'warn'>;
  /** Bytes of faces kept in memory over all teams; the least recently used teams' go first. Default 256 MB. */
  maxCachedBytes?: number;
}

/** The families a render brings (`RenderOptions.fonts`), from the team's uploads. */
export interface FontLibrary {
  /**
   * The team's families that the template names (its source mentions the family's name, in any case), or
   * undefined when it names none. Reads the team's family records (small) from the store, so that every replica
   * sees an upload or a delete at once; the bytes come from memory, read from the blob store once per face.
   */
  fontsFor(teamId: string, template: unknown): Promise<Record<string, FontFaces> | undefined>;
  /** Forgets the team's cached bytes (after an upload or a delete). */
  drop(teamId: string): void;
  /** What is cached, for tests and logs. */
  stats(): { teams: number; faces: number; bytes: number };
}

interface TeamCache {
  /** By blob key: a key is never reused for other bytes, so an entry never goes stale, it only goes unused. */
  faces: Map<string, Promise<Uint8Array | undefined>>;
  bytes: number;
}

const DEFAULT_MAX_CACHED = 256 * 1024 * 1024;
/** Where a template can name a font family (its sample data, which may be large, is not searched). */
const SOURCE_FIELDS = ['html', 'css', 'header_html', 'footer_html'] as const;

/** A template's source, lower-cased: the text family names are looked for in. */
function sourceOf(template: unknown): string {
  if (typeof template === 'string') return template.toLowerCase();
  if (!template || typeof template !== 'object') return '';
  const fields = template as Record<string, unknown>;
  return SOURCE_FIELDS.map((field) => (typeof fields[field] === 'string' ? fields[field] : ''))
    .join('\n')
    .toLowerCase();
}

/**
 * The teams' fonts for renders. Faces are copied into SharedArrayBuffers: renders run on worker threads and their
 * options are structured-cloned, which shares such memory instead of copying every face into every render.
 */
export function createFontLibrary(deps: FontLibraryDeps): FontLibrary {
  const maxCached = deps.maxCachedBytes ?? DEFAULT_MAX_CACHED;
  // Insertion order is recency: a team used is moved to the end.
  const teams = new Map<string, TeamCache>();
  let cached = 0;

  const teamCache = (teamId: string): TeamCache => {
    let cache = teams.get(teamId);
    if (cache) teams.delete(teamId);
    else cache = { faces: new Map(), bytes: 0 };
    teams.set(teamId, cache);
    return cache;
  };

  const evict = (keep: string) => {
    for (const [teamId, cache] of teams) {
      if (cached <= maxCached) return;
      if (teamId === keep) continue;
      teams.delete(teamId);
      cached -= cache.bytes;
    }
  };

  const load = (teamId: string, cache: TeamCache, blobKey: string): Promise<Uint8Array | undefined> => {
    let pending = cache.faces.get(blobKey);
    if (!pending) {
      pending = deps.blobs.get(blobKey).then((blob) => {
        if (!blob) return undefined;
        const shared = new Uint8Array(new SharedArrayBuffer(blob.bytes.byteLength));
        shared.set(blob.bytes);
        // Counted only while the team's cache is the live one (a drop meanwhile leaves it to the collector).
        if (teams.get(teamId) === cache) {
          cache.bytes += shared.byteLength;
          cached += shared.byteLength;
          evict(teamId);
        }
        return shared;
      });
      // A failed read is not kept: the next render tries again.
      pending.catch(() => cache.faces.delete(blobKey));
      cache.faces.set(blobKey, pending);
    }
    return pending;
  };

  return {
    async fontsFor(teamId, template) {
      const families = await deps.families.find({ teamId });
      if (families.length === 0) return undefined;
      const source = sourceOf(template);
      const named = families.filter((family) => source.includes(family.key));
      if (named.length === 0) return undefined;
      const cache = teamCache(teamId);
      const fonts: Record<string, FontFaces> = {};
      for (const family of named) {
        const faces: Partial<FontFaces> = {};
        for (const face of FACES) {
          const stored = family.faces[face];
          if (!stored) continue;
          const bytes = await load(teamId, cache, stored.blobKey);
          if (bytes) faces[face] = bytes;
          else deps.logger.warn({ team_id: teamId, font: family.name, face }, 'font face missing from the blob store');
        }
        if (faces.normal) fonts[family.name] = faces as FontFaces;
      }
      return Object.keys(fonts).length > 0 ? fonts : undefined;
    },
    drop(teamId) {
      const cache = teams.get(teamId);
      if (!cache) return;
      teams.delete(teamId);
      cached -= cache.bytes;
    },
    stats() {
      let faces = 0;
      for (const cache of teams.values()) faces += cache.faces.size;
      return { teams: teams.size, faces, bytes: cached };
    },
  };
}
