import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getPlan } from '@quire/core';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeatureApp, startFeatureApp } from '../__fixtures__/feature-app';
import { createAudit } from '../audit/index';
import type { Store } from '../store/port';
import { createFonts, FONT_BODY_LIMIT } from './index';

/*
 * Nothing half-written: when the store refuses the family's record, the face's blob goes too; when it refuses a
 * delete, the blobs stay with the record that names them. The real embedded store and blob directory, with one
 * collection's writes made to fail.
 */

const NOTO_MONO = new URL(
  '../../../packages/render/node_modules/@expo-google-fonts/noto-sans-mono/400Regular/NotoSansMono_400Regular.ttf',
  import.meta.url,
);
const failing = { insert: false, deleteOne: false };

/** The store, with font_families' inserts and deletes failing while the switches say so. */
function withFailingFonts(store: Store): Store {
  return {
    ...store,
    collection: async (spec) => {
      const collection = await store.collection(spec);
      if (spec.name !== 'font_families') return collection;
      return {
        ...collection,
        insert: (record) => (failing.insert ? Promise.reject(new Error('store down')) : collection.insert(record)),
        deleteOne: (id) => (failing.deleteOne ? Promise.reject(new Error('store down')) : collection.deleteOne(id)),
      } as typeof collection;
    },
  } as Store;
}

const acting: RequestHandler = (_req, res, next) => {
  res.locals.user = { id: 'usr_fonts' };
  res.locals.team = { id: 'team_fonts', name: 'Fonts', plan: 'free', role: 'owner' };
  next();
};
const pass: RequestHandler = (_req, _res, next) => next();

let app: FeatureApp;
let mono: Buffer;
beforeAll(async () => {
  mono = await readFile(NOTO_MONO);
  app = await startFeatureApp({
    name: 'fonts-failures',
    bodyLimit: FONT_BODY_LIMIT,
    async mount(express, deps) {
      const store = withFailingFonts(deps.store);
      const fonts = await createFonts({
        ...deps,
        store,
        planOf: async () => getPlan('free'),
        authenticate: acting,
        actingTeam: pass,
        requirePermission: () => pass,
        audit: await createAudit({ store, now: deps.now }),
        idempotency: pass,
      });
      express.use('/v1/fonts', fonts.router);
    },
  });
});
afterAll(async () => {
  await app?.close();
});

const post = (family: string) =>
  fetch(`${app.url}/v1/fonts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ family, data: mono.toString('base64') }),
  });

async function fontBlobs(): Promise<string[]> {
  const dir = join(app.deps.dir, 'blobs', 'fonts', 'team_fonts');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && !entry.name.includes('~')).map((entry) => entry.name);
}

describe('a store that fails mid-way', () => {
  it('leaves no blob behind when the family’s record cannot be written', async () => {
    failing.insert = true;
    const answer = await post('Half Mono');
    failing.insert = false;
    expect(answer.status).toBe(500);
    expect(await fontBlobs()).toEqual([]);
    const list = (await (await fetch(`${app.url}/v1/fonts`)).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
  });

  it('keeps the blobs of a family whose record could not be deleted, and deletes both once it can', async () => {
    expect((await post('Whole Mono')).status).toBe(201);
    expect(await fontBlobs()).toHaveLength(1);
    failing.deleteOne = true;
    const refused = await fetch(`${app.url}/v1/fonts/Whole%20Mono`, { method: 'DELETE' });
    failing.deleteOne = false;
    expect(refused.status).toBe(500);
    expect(await fontBlobs()).toHaveLength(1);
    expect((await fetch(`${app.url}/v1/fonts/Whole%20Mono`)).status).toBe(200);
    expect((await fetch(`${app.url}/v1/fonts/Whole%20Mono`, { method: 'DELETE' })).status).toBe(200);
    expect(await fontBlobs()).toEqual([]);
  });
});
