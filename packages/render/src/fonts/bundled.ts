import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FontFaces } from './font-set';

const require = createRequire(import.meta.url);

/** Where each bundled face lives inside its registry package (Google's Noto families, OFL licensed). */
const BUNDLED: Record<string, { pkg: string; prefix: string; faces: Partial<Record<keyof FontFaces, string>> }> = {
  'Noto Sans': {
    pkg: '@expo-google-fonts/noto-sans',
    prefix: 'NotoSans',
    faces: { normal: '400Regular', bold: '700Bold', italics: '400Regular_Italic', bolditalics: '700Bold_Italic' },
  },
  'Noto Serif': {
    pkg: '@expo-google-fonts/noto-serif',
    prefix: 'NotoSerif',
    faces: { normal: '400Regular', bold: '700Bold', italics: '400Regular_Italic', bolditalics: '700Bold_Italic' },
  },
  'Noto Sans Mono': {
    pkg: '@expo-google-fonts/noto-sans-mono',
    prefix: 'NotoSansMono',
    faces: { normal: '400Regular', bold: '700Bold' },
  },
  'Noto Sans Arabic': {
    pkg: '@expo-google-fonts/noto-sans-arabic',
    prefix: 'NotoSansArabic',
    faces: { normal: '400Regular', bold: '700Bold' },
  },
  'Noto Sans Hebrew': {
    pkg: '@expo-google-fonts/noto-sans-hebrew',
    prefix: 'NotoSansHebrew',
    faces: { normal: '400Regular', bold: '700Bold' },
  },
};

/** The files of the bundled faces (family, face, path): the fidelity gate shows Chromium exactly these. */
export function bundledFontFiles(): Array<{ family: string; face: keyof FontFaces; path: string }> {
  return Object.entries(BUNDLED).flatMap(([family, { pkg, prefix, faces }]) => {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    return Object.entries(faces).map(([face, weight]) => ({
      family,
      face: face as keyof FontFaces,
      path: join(root, weight, `${prefix}_${weight}.ttf`),
    }));
  });
}

let loaded: Record<string, FontFaces> | undefined;

/**
 * The fonts Quire ships: Noto Sans and Noto Serif (Latin, Greek, Cyrillic) in four faces, Noto Sans Mono, and
 * Noto Sans Arabic and Hebrew for right-to-left text. Read from disk once per process.
 */
export function loadBundledFonts(): Record<string, FontFaces> {
  if (loaded) return loaded;
  const out: Record<string, FontFaces> = {};
  for (const [family, { pkg, prefix, faces }] of Object.entries(BUNDLED)) {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    // A Buffer is a Uint8Array: no copy, and the same object every time (the parse cache keys on it).
    const read = (weight: string) => readFileSync(join(root, weight, `${prefix}_${weight}.ttf`));
    const normal = read(faces.normal as string);
    const entry: FontFaces = { normal };
    if (faces.bold) entry.bold = read(faces.bold);
    if (faces.italics) entry.italics = read(faces.italics);
    if (faces.bolditalics) entry.bolditalics = read(faces.bolditalics);
    out[family] = entry;
  }
  loaded = out;
  return out;
}
