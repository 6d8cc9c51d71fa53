import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundledFontFiles, optionalFontFamilies } from '../src/fonts/bundled';
import { familyAliases } from '../src/fonts/registry';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Shows Chromium the fonts Quire has and nothing else, named as Quire names them: a fontconfig file whose only
 * font folder holds links to the bundled faces (not the packages' other weights, which Quire does not load), and
 * an alias for every family name Quire maps (Arial → Noto Sans, Georgia → Noto Serif, Courier New → Noto Sans
 * Mono…). Both engines then draw the same glyphs, so the gate measures layout, not which fonts a machine has;
 * Chromium's default font (Times New Roman, a serif) stays its own, as in a browser.
 *
 * Must run before Chromium starts (it reads FONTCONFIG_FILE at launch). Returns a function that removes the folder.
 */
export function showChromiumQuireFonts(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'quire-fidelity-fonts-'));
  const fonts = join(folder, 'fonts');
  const cache = join(folder, 'cache');
  mkdirSync(fonts);
  for (const file of bundledFontFiles()) symlinkSync(file.path, join(fonts, basename(file.path)));
  const optional = optionalFontFamilies().flatMap(({ family, aliases }) =>
    aliases.map((name): [string, string] => [name, family]),
  );
  const aliases = [...Object.entries(familyAliases()), ...optional]
    .map(
      ([name, family]) =>
        `  <alias binding="same"><family>${xml(name)}</family><prefer><family>${xml(family)}</family></prefer></alias>`,
    )
    .join('\n');
  const file = join(folder, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${xml(fonts)}</dir>\n` +
      `  <cachedir>${xml(cache)}</cachedir>\n${aliases}\n` +
      // Names nobody maps fall back to sans-serif, as fontconfig's own configuration does.
      '  <match target="pattern"><test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>' +
      '<edit name="family" mode="append_last"><string>sans-serif</string></edit></match>\n</fontconfig>\n',
  );
  const previous = process.env.FONTCONFIG_FILE;
  process.env.FONTCONFIG_FILE = file;
  return () => {
    if (previous === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = previous;
    rmSync(folder, { recursive: true, force: true });
  };
}
