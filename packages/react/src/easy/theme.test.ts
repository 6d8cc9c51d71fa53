import { getStarter, TemplateContent } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';
import type { TemplateDraft } from '../builder/types';
import {
  currentFont,
  FONT_STACKS,
  findAccent,
  findLogo,
  fontChoiceOf,
  removeLogo,
  setAccent,
  setFont,
  setLogo,
} from './theme';

const starter = (id: string): TemplateDraft => {
  const found = getStarter(id);
  if (!found) throw new Error(`no starter ${id}`);
  const { id: _id, ...content } = found;
  return TemplateContent.parse(content);
};

/** Positions where two strings of equal length differ. */
const differences = (a: string, b: string) => [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the accent colour', () => {
  it('is the colour a template writes most, greys left out', () => {
    expect(findAccent(starter('invoice'))).toBe('#1f4e79');
    expect(findAccent(starter('packing-slip'))).toBe('#2f5d3a');
    expect(findAccent(W1_DRAFT)).toBe('#1f4e79');
    expect(findAccent({ ...W1_DRAFT, css: 'p { color: #333; background: #f5f5f5 }', html: '<p>x</p>' })).toBeNull();
  });

  it('changes where the accent is written and nowhere else', () => {
    const draft = starter('invoice');
    const patch = setAccent(draft, '#1f4e79', '#aa3300');
    const css = patch.css as string;
    expect(css.length).toBe(draft.css.length);
    const changed = differences(draft.css, css);
    expect(changed.length).toBeGreaterThan(0);
    // Every changed character lies in a place that held the old accent.
    for (const at of changed) {
      const start = draft.css.lastIndexOf('#', at);
      expect(draft.css.slice(start, start + 7).toLowerCase()).toBe('#1f4e79');
    }
    // The logo's SVG paint in the markup follows, its other colours do not.
    expect(patch.html).toContain('fill="#aa3300"');
    expect(patch.html).toContain('fill="#9cc3e6"');
    expect(findAccent({ ...draft, ...patch })).toBe('#aa3300');
  });

  it('adds a heading colour to a template without one', () => {
    const draft = { ...W1_DRAFT, css: 'p { margin: 0 }', html: '<h1>Hi</h1>' };
    const patch = setAccent(draft, null, '#0055aa');
    expect(patch.css).toBe('p { margin: 0 }\n\n/* Accent colour */\nh1, h2, h3 { color: #0055aa; }\n');
    expect(findAccent({ ...draft, ...patch })).toBe('#0055aa');
  });
});

describe('the font', () => {
  it('replaces the value of the body rule’s font-family, leaving the rule’s other declarations', () => {
    const draft = starter('invoice');
    expect(fontChoiceOf(currentFont(draft.css))).toBe('sans');
    const css = setFont(draft.css, 'serif');
    expect(currentFont(css)).toBe(FONT_STACKS.serif);
    expect(fontChoiceOf(currentFont(css))).toBe('serif');
    const at = draft.css.indexOf('Helvetica, Arial, sans-serif');
    expect(css.slice(0, at)).toBe(draft.css.slice(0, at));
    expect(css.slice(at + FONT_STACKS.serif.length)).toBe(draft.css.slice(at + 'Helvetica, Arial, sans-serif'.length));
  });

  it('adds the declaration to a body rule without one, or a body rule to a sheet without one', () => {
    expect(setFont('/* x */\nbody { color: red }\np { margin: 0 }', 'mono')).toBe(
      `/* x */\nbody { color: red; font-family: ${FONT_STACKS.mono}; }\np { margin: 0 }`,
    );
    expect(setFont('p { margin: 0 }\n', 'serif')).toBe(
      `p { margin: 0 }\nbody { font-family: ${FONT_STACKS.serif}; }\n`,
    );
    expect(setFont('', 'sans')).toBe(`body { font-family: ${FONT_STACKS.sans}; }\n`);
  });
});

describe('the logo', () => {
  it('is added before the first element, replaced in place, and removed whole', () => {
    const draft = { ...W1_DRAFT };
    expect(findLogo(draft)).toBeNull();
    const added = { ...draft, ...setLogo(draft, PNG) };
    expect(added.html.replace(`<img class="logo" src="${PNG}" alt="Logo" style="height: 14mm">\n`, '')).toBe(
      draft.html,
    );
    expect(findLogo(added)).toMatchObject({ part: 'html', src: PNG });
    const other = PNG.replace('iVBOR', 'iVBOQ');
    const replaced = { ...added, ...setLogo(added, other) };
    expect(replaced.html).toBe(added.html.replace(PNG, other));
    expect(removeLogo(replaced).html).toBe(draft.html);
  });

  it('refuses anything but an image data URI', () => {
    expect(() => setLogo(W1_DRAFT, 'https://example.com/logo.png')).toThrow();
    expect(() => setLogo(W1_DRAFT, 'data:text/html;base64,PGI+')).toThrow();
  });
});
