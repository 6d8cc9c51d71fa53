// @vitest-environment node
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadBundledFonts } from '@quire/render';
import { describe, expect, it } from 'vitest';
import { bundledFontFile } from '../__fixtures__/pdf-browser';
import { BUNDLED_FONT_FILES, FontLoadError, fetchBundledFonts, fontFileName } from './fonts';

describe('the bundled fonts', () => {
  it('are the files the service renders with, face for face', () => {
    const server = loadBundledFonts();
    expect(Object.keys(BUNDLED_FONT_FILES).sort()).toEqual(Object.keys(server).sort());
    for (const [family, faces] of Object.entries(BUNDLED_FONT_FILES)) {
      expect(Object.keys(faces).sort()).toEqual(Object.keys(server[family] ?? {}).sort());
      for (const [face, path] of Object.entries(faces)) {
        const bytes = readFileSync(bundledFontFile(path as string));
        expect(
          Buffer.compare(
            bytes,
            Buffer.from((server[family] as unknown as Record<string, Uint8Array>)[face] as Uint8Array),
          ),
        ).toBe(0);
      }
    }
  });

  it('are fetched from the host by file name, and a missing one is a FontLoadError naming its URL', async () => {
    const asked: string[] = [];
    const fonts = await fetchBundledFonts('https://app.example/fonts', async (url) => {
      asked.push(url);
      return new Response(new Uint8Array([1, 2, 3]));
    });
    expect(asked).toContain('https://app.example/fonts/NotoSans_400Regular.ttf');
    expect(asked).toHaveLength(Object.values(BUNDLED_FONT_FILES).flatMap((f) => Object.values(f)).length);
    expect(fonts['Noto Sans Hebrew']?.bold).toEqual(new Uint8Array([1, 2, 3]));
    const failed = await fetchBundledFonts('/fonts/', async (url) =>
      url.endsWith(fontFileName(BUNDLED_FONT_FILES['Noto Serif']?.bold as string))
        ? new Response('not here', { status: 404 })
        : new Response(new Uint8Array([0])),
    ).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(FontLoadError);
    expect((failed as Error).message).toBe('/fonts/NotoSerif_700Bold.ttf answered 404');
  });

  it('are copied for a host by quire-react-fonts, under the names the preview fetches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-fonts-'));
    try {
      const script = new URL('../../scripts/copy-fonts.mjs', import.meta.url).pathname;
      await promisify(execFile)(process.execPath, [script, dir]);
      const expected = Object.values(BUNDLED_FONT_FILES).flatMap((faces) =>
        Object.values(faces).map((p) => fontFileName(p as string)),
      );
      expect(readdirSync(dir).sort()).toEqual(expected.sort());
      const path = BUNDLED_FONT_FILES['Noto Sans']?.normal as string;
      expect(Buffer.compare(readFileSync(join(dir, fontFileName(path))), readFileSync(bundledFontFile(path)))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
