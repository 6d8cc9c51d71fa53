import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../store/index';
import type { BlobStore, Collection, Store } from '../store/port';
import { createFontLibrary } from './library';
import { type FontFamily, openFontFamilies } from './model';

/* The fonts renders get: read from the blob store once per face, then from memory, until the team's fonts change. */

const NOTO_MONO = new URL(
  '../../../packages/render/node_modules/@expo-google-fonts/noto-sans-mono/400Regular/NotoSansMono_400Regular.ttf',
  import.meta.url,
);

let dir: string;
let store: Store;
let blobs: BlobStore;
let families: Collection<FontFamily>;
let reads: string[];
let mono: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-font-library-'));
  ({ store, blobs } = await openStores({ dataDir: dir }));
  families = await openFontFamilies(store);
  mono = new Uint8Array(await readFile(NOTO_MONO));
});
afterAll(async () => {
  await store.close();
  await blobs.close();
  await rm(dir, { recursive: true, force: true });
});

async function addFamily(teamId: string, name: string, blobKey: string): Promise<void> {
  await blobs.put(blobKey, mono, 'font/ttf');
  const at = new Date().toISOString();
  const key = name.toLowerCase();
  await families.insert({
    id: `font_${teamId}_${key.replace(/\W/g, '')}`,
    teamId,
    name,
    key,
    teamKey: `${teamId}:${key}`,
    faces: { normal: { blobKey, bytes: mono.byteLength, sha256: 'x', contentType: 'font/ttf', uploadedAt: at } },
    totalBytes: mono.byteLength,
    createdBy: { type: 'system', id: 'quire' },
    createdAt: at,
    updatedAt: at,
  });
}

function counting() {
  reads = [];
  return createFontLibrary({
    families,
    blobs: {
      get: (key) => {
        reads.push(key);
        return blobs.get(key);
      },
    },
    logger: { warn: () => undefined },
  });
}

describe('the font library', () => {
  it('reads a face from the blob store once, gives renders shared memory, and reads again after a drop', async () => {
    await addFamily('team_a', 'Brand Mono', 'fonts/team_a/one');
    const library = counting();
    const template = { html: `<p style="font-family: 'brand mono'">x</p>` };
    const first = await library.fontsFor('team_a', template);
    expect(Object.keys(first ?? {})).toEqual(['Brand Mono']);
    const normal = first?.['Brand Mono']?.normal as Uint8Array;
    expect(normal.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(normal).equals(Buffer.from(mono))).toBe(true);
    await library.fontsFor('team_a', template);
    await library.fontsFor('team_a', template);
    expect(reads).toEqual(['fonts/team_a/one']);
    expect(library.stats()).toEqual({ teams: 1, faces: 1, bytes: mono.byteLength });

    library.drop('team_a');
    expect(library.stats().bytes).toBe(0);
    await library.fontsFor('team_a', template);
    expect(reads).toEqual(['fonts/team_a/one', 'fonts/team_a/one']);
  });

  it('gives a template only the families it names, and another team none of them', async () => {
    await addFamily('team_b', 'Ledger Serif', 'fonts/team_b/one');
    const library = counting();
    expect(await library.fontsFor('team_b', { html: '<p>no family named</p>' })).toBeUndefined();
    expect(
      await library.fontsFor('team_c', { html: '<p style="font-family: \'Ledger Serif\'">x</p>' }),
    ).toBeUndefined();
    // Sample data is not source: a family named there only is not passed.
    expect(
      await library.fontsFor('team_b', { html: '<p>x</p>', sample_data: { font: 'Ledger Serif' } }),
    ).toBeUndefined();
    expect(reads).toEqual([]);
    expect(
      await library.fontsFor('team_b', { html: '<p>x</p>', footer_html: '<i style="font-family: Ledger Serif">' }),
    ).toMatchObject({ 'Ledger Serif': { normal: expect.any(Uint8Array) } });
  });

  it('keeps no more bytes than its budget, dropping the least recently used team first', async () => {
    await addFamily('team_d', 'Dee Mono', 'fonts/team_d/one');
    await addFamily('team_e', 'Eee Mono', 'fonts/team_e/one');
    const library = createFontLibrary({
      families,
      blobs,
      logger: { warn: () => undefined },
      maxCachedBytes: mono.byteLength + 1,
    });
    await library.fontsFor('team_d', { css: 'p { font-family: "Dee Mono" }' });
    await library.fontsFor('team_e', { css: 'p { font-family: "Eee Mono" }' });
    expect(library.stats()).toEqual({ teams: 1, faces: 1, bytes: mono.byteLength });
  });
});
