import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FontFaces } from './font-set';

const require = createRequire(import.meta.url);

const FOUR = { normal: '400Regular', bold: '700Bold', italics: '400Regular_Italic', bolditalics: '700Bold_Italic' };

/** Where each bundled face lives inside its registry package (Google Fonts families, OFL or Apache licensed). */
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
  // Monochrome emoji, as a fallback: a colour emoji font is bitmaps or layers a PDF text layer cannot carry.
  'Noto Emoji': {
    pkg: '@expo-google-fonts/noto-emoji',
    prefix: 'NotoEmoji',
    faces: { normal: '400Regular', bold: '700Bold' },
  },
  // Check marks, crosses, ballot boxes, stars and arrows (U+2713, U+2717, U+2610, U+2611, U+2605, U+27A4): the marks
  // of checklists and ratings.
  'Noto Sans Symbols 2': {
    pkg: '@expo-google-fonts/noto-sans-symbols-2',
    prefix: 'NotoSansSymbols2',
    faces: { normal: '400Regular' },
  },
  // Metric-compatible with the fonts templates name most (Chrome OS's and LibreOffice's substitutes, the ones
  // fontconfig picks for them): Arial and Helvetica, Times New Roman, Courier New, Calibri, Georgia, Cambria. Each
  // glyph has the advance of the font it stands for, so lines break where they break with the real fonts.
  Arimo: { pkg: '@expo-google-fonts/arimo', prefix: 'Arimo', faces: FOUR },
  Tinos: { pkg: '@expo-google-fonts/tinos', prefix: 'Tinos', faces: FOUR },
  Cousine: { pkg: '@expo-google-fonts/cousine', prefix: 'Cousine', faces: FOUR },
  Carlito: { pkg: '@expo-google-fonts/carlito', prefix: 'Carlito', faces: FOUR },
  Gelasio: { pkg: '@expo-google-fonts/gelasio', prefix: 'Gelasio', faces: FOUR },
  Caladea: { pkg: '@expo-google-fonts/caladea', prefix: 'Caladea', faces: FOUR },
};

/**
 * The files of the bundled faces and of the installed optional packages' (family, face, path): the fidelity gate
 * shows Chromium exactly these.
 */
export function bundledFontFiles(): Array<{ family: string; face: keyof FontFaces; path: string }> {
  const bundled = Object.entries(BUNDLED).flatMap(([family, { pkg, prefix, faces }]) => {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    return Object.entries(faces).map(([face, weight]) => ({
      family,
      face: face as keyof FontFaces,
      path: join(root, weight, `${prefix}_${weight}.ttf`),
    }));
  });
  const optional = optionalFontFamilies().flatMap(({ family, files }) =>
    Object.entries(files).map(([face, path]) => ({ family, face: face as keyof FontFaces, path })),
  );
  return [...bundled, ...optional];
}

const read = new Map<string, FontFaces>();

/** One bundled family's faces, read from disk once per process (the same bytes each time: parsers key on them). */
export function readBundledFamily(family: string): FontFaces {
  let entry = read.get(family);
  if (entry) return entry;
  const source = BUNDLED[family];
  if (!source) throw new Error(`No bundled font family is named "${family}"`);
  const root = dirname(require.resolve(`${source.pkg}/package.json`));
  // A Buffer is a Uint8Array: no copy.
  const file = (weight: string) => readFileSync(join(root, weight, `${source.prefix}_${weight}.ttf`));
  const { faces } = source;
  entry = { normal: file(faces.normal as string) };
  if (faces.bold) entry.bold = file(faces.bold);
  if (faces.italics) entry.italics = file(faces.italics);
  if (faces.bolditalics) entry.bolditalics = file(faces.bolditalics);
  read.set(family, entry);
  return entry;
}

/** The bundled families' names, Noto Sans (the default) first. */
export function bundledFamilies(): string[] {
  return Object.keys(BUNDLED);
}

/**
 * The fonts Quire ships: Noto Sans and Noto Serif (Latin, Greek, Cyrillic) in four faces, Noto Sans Mono, Noto Sans
 * Arabic and Hebrew for right-to-left text, Noto Emoji, and the metric-compatible families. Every family is read from
 * disk here (the default registry reads each one only when a template first needs it: see defaultFonts).
 */
export function loadBundledFonts(): Record<string, FontFaces> {
  const out: Record<string, FontFaces> = {};
  for (const family of bundledFamilies()) out[family] = readBundledFamily(family);
  return out;
}

/** A family of an optional font package (@quire/fonts-cjk): its faces' files and the CSS names that stand for it. */
export interface OptionalFamily {
  family: string;
  files: Partial<Record<keyof FontFaces, string>>;
  aliases: string[];
}

interface FontManifest {
  families: Record<string, { package: string; faces: Partial<Record<keyof FontFaces, string>>; aliases?: string[] }>;
}

/** Optional font packages Quire picks up when they are installed (beside @quire/render or in the project). */
export const OPTIONAL_FONT_PACKAGES = ['@quire/fonts-cjk'];

/**
 * The families of the optional font packages that are installed, in the packages' order (none when
 * QUIRE_OPTIONAL_FONTS=off). Looked for from @quire/render and from the working directory's project.
 */
export function optionalFontFamilies(): OptionalFamily[] {
  if (process.env.QUIRE_OPTIONAL_FONTS === 'off') return [];
  const out: OptionalFamily[] = [];
  for (const name of OPTIONAL_FONT_PACKAGES) {
    const manifestPath = resolveFrom([import.meta.url, join(process.cwd(), 'package.json')], `${name}/fonts.json`);
    if (!manifestPath) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as FontManifest;
    const own = createRequire(manifestPath);
    for (const [family, { package: pkg, faces, aliases }] of Object.entries(manifest.families)) {
      const root = dirname(own.resolve(`${pkg}/package.json`));
      const files = Object.fromEntries(Object.entries(faces).map(([face, file]) => [face, join(root, file)]));
      out.push({ family, files, aliases: aliases ?? [] });
    }
  }
  return out;
}

function resolveFrom(bases: string[], request: string): string | undefined {
  for (const base of bases) {
    try {
      return createRequire(base).resolve(request);
    } catch {
      // Not installed there.
    }
  }
  return undefined;
}

/** Reads an optional family's faces (called the first time the family is needed: CJK fonts are tens of MB). */
export function readOptionalFamily(family: OptionalFamily): FontFaces {
  const faces: Partial<FontFaces> = {};
  for (const [face, path] of Object.entries(family.files)) faces[face as keyof FontFaces] = readFileSync(path);
  return faces as FontFaces;
}
