import { QuireError } from '@quire/core';
import type { Actor } from '../audit/index';
import type { Store } from '../store/port';

/** The faces of a family, as @quire/render's FontFaces names them. */
export const FACES = ['normal', 'bold', 'italics', 'bolditalics'] as const;
export type FaceName = (typeof FACES)[number];

/** One uploaded face: its bytes live in the blob store under `blobKey`, which a new upload never reuses. */
export interface StoredFace {
  blobKey: string;
  bytes: number;
  sha256: string;
  contentType: string;
  uploadedAt: string;
}

/** A team's font family (`font_families`): metadata only, the bytes are blobs. */
export interface FontFamily {
  id: string;
  teamId: string;
  /** As first uploaded (spaces collapsed): what CSS `font-family` names. */
  name: string;
  /** The name lower-cased: families are one per team whatever the case, as CSS matches them. */
  key: string;
  /** `<teamId>:<key>`, unique: two uploads of a new family cannot both make it. */
  teamKey: string;
  faces: Partial<Record<FaceName, StoredFace>>;
  totalBytes: number;
  createdBy: Actor;
  createdAt: string;
  updatedAt: string;
}

/** `<dataDir>/db/font_families.db` with the embedded store. */
export const openFontFamilies = (store: Store) =>
  store.collection<FontFamily>({ name: 'font_families', unique: ['teamKey'], indexes: [['teamId', 'createdAt']] });

export const FAMILY_NAME_MAX = 64;
/** Letters and digits first, then letters, digits, spaces, `-`, `_` and `.`: a name CSS can quote and no more. */
const FAMILY_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

/**
 * Names a team's family may not take: CSS's generic families and keywords (a family called `sans-serif` would
 * silently replace the generic one in every template of the team), and the bundled families, which are the
 * fallbacks every render relies on for the scripts a team's font lacks.
 */
const RESERVED = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
  'inherit',
  'initial',
  'unset',
  'revert',
  'revert-layer',
  'default',
  'none',
]);
const BUNDLED_PREFIX = 'noto ';

/** The name with its spaces collapsed, or validation_failed naming `family`. */
export function familyName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  const invalid = (message: string) => new QuireError('validation_failed', { param: 'family', message });
  if (!name) throw invalid('family: a font family needs a name');
  if (name.length > FAMILY_NAME_MAX) throw invalid(`family: at most ${FAMILY_NAME_MAX} characters`);
  if (!FAMILY_NAME.test(name)) {
    throw invalid(
      'family: letters, digits, spaces, "-", "_" and "." only, starting with a letter or digit (e.g. "Brand Sans")',
    );
  }
  const key = familyKey(name);
  if (RESERVED.has(key) || key.startsWith(BUNDLED_PREFIX) || key === 'noto') {
    throw invalid(
      `family: "${name}" is a CSS keyword or a font Quire ships (the Noto families are every render's fallbacks); choose another name`,
    );
  }
  return name;
}

export const familyKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The content type of font bytes, by their signature. */
export function fontContentType(bytes: Uint8Array): string {
  const tag = String.fromCharCode(...bytes.subarray(0, 4));
  if (tag === 'wOFF') return 'font/woff';
  if (tag === 'wOF2') return 'font/woff2';
  if (tag === 'OTTO') return 'font/otf';
  return 'font/ttf';
}

/** The API's view, snake_case; a face not uploaded is null. */
export function fontFamilyView(family: FontFamily) {
  const faces = Object.fromEntries(
    FACES.map((face) => {
      const stored = family.faces[face];
      return [
        face,
        stored
          ? {
              bytes: stored.bytes,
              sha256: stored.sha256,
              content_type: stored.contentType,
              uploaded_at: stored.uploadedAt,
            }
          : null,
      ];
    }),
  ) as Record<FaceName, { bytes: number; sha256: string; content_type: string; uploaded_at: string } | null>;
  return {
    object: 'font_family' as const,
    id: family.id,
    name: family.name,
    faces,
    total_bytes: family.totalBytes,
    created_at: family.createdAt,
    updated_at: family.updatedAt,
  };
}
