import { createTemplateEngine, starters } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';
import { annotateSource, NODE_ATTRIBUTE, stripAnnotations } from './annotate';
import { editText, LockedEditError, removeElement, setAttribute, setHidden, setStyle } from './edits';
import { describeElement, tagLock, textLock, textRuns } from './element-model';
import { type EditablePart, parseSource, type SourceTree } from './source-tree';

/** Every HTML part of every starter, and W1: the templates people start from. */
const SOURCES: { name: string; part: EditablePart; source: string }[] = [
  ...starters
    .filter((s) => s.kind === 'document')
    .flatMap((s) =>
      (['html', 'header_html', 'footer_html'] as const)
        .filter((part) => s[part].trim())
        .map((part) => ({ name: `${s.id} ${part}`, part, source: s[part] })),
    ),
  { name: 'W1 html', part: 'html', source: W1_DRAFT.html },
];

/** The source differs from `before` only inside `[start, end)` of `before`. */
function expectOnlyChanged(before: string, after: string, start: number, end: number) {
  expect(after.slice(0, start)).toBe(before.slice(0, start));
  expect(after.slice(after.length - (before.length - end))).toBe(before.slice(end));
}

const engine = createTemplateEngine();

describe('scoped edits keep every other byte of the source', () => {
  it.each(SOURCES)('$name: text, colour, size and visibility of each element, and back', ({ part, source }) => {
    const tree: SourceTree = parseSource(source, part);
    expect(tree.broken).toBe(false);
    let edited = 0;
    for (const element of tree.elements) {
      if (!textLock(tree, element)) {
        textRuns(tree, element).forEach((run, index) => {
          const shown = run.shown?.text as string;
          const changed = editText(tree, element.id, index, `${shown} (edited)`);
          expectOnlyChanged(source, changed, run.start, run.end);
          expect(changed).toContain('(edited)');
          // Typing the old text back gives back the old bytes.
          expect(editText(parseSource(changed, part), element.id, index, shown)).toBe(source);
          edited++;
        });
      }
      if (!tagLock(tree, element) && !element.attributes.some((a) => a.name === 'style' && a.liquid)) {
        const coloured = setStyle(tree, element.id, 'color', '#aa0000');
        expectOnlyChanged(source, coloured, element.start, element.openEnd);
        const sized = setStyle(parseSource(coloured, part), element.id, 'font-size', '14pt');
        expectOnlyChanged(source, sized, element.start, element.openEnd);
        const hidden = setHidden(tree, element.id, true);
        expectOnlyChanged(source, hidden, element.start, element.openEnd);
        expect(describeElement(parseSource(hidden, part), element.id)?.hidden).toBe(true);
        expect(setHidden(parseSource(hidden, part), element.id, false)).toBe(source);
        edited++;
      }
    }
    expect(edited).toBeGreaterThan(0);
  });

  it('writes what a person types as text, never as Liquid or markup', () => {
    const source = '<h1>Invoice</h1>';
    const typed = 'Total {{ secret }} & <b>{% if %}</b>';
    const next = editText(parseSource(source), 'b0', 0, typed);
    expect(next).toBe('<h1>Total &#123;{ secret }} &amp; &lt;b&gt;&#123;% if %}&lt;/b&gt;</h1>');
    const rendered = engine.render(next, { secret: 'leaked' });
    expect(new DOMParser().parseFromString(rendered, 'text/html').body.textContent).toBe(typed);
  });

  it('changes one word of a run and leaves its entities, breaks and indentation as written', () => {
    const source = '<p>\n    Terms & conditions &mdash;\n    see page&nbsp;2\n  </p>';
    const tree = parseSource(source);
    expect(describeElement(tree, 'b0')?.content).toEqual([
      { type: 'text', index: 0, text: 'Terms & conditions — see page\u00a02' },
    ]);
    expect(editText(tree, 'b0', 0, 'Terms & conditions — see page\u00a03')).toBe(
      '<p>\n    Terms & conditions &mdash;\n    see page&nbsp;3\n  </p>',
    );
  });

  it('adds a style attribute after the last attribute and takes it away whole', () => {
    const source = '<img src="logo.png" alt="Logo" />';
    const styled = setStyle(parseSource(source), 'b0', 'width', '40mm');
    expect(styled).toBe('<img src="logo.png" alt="Logo" style="width: 40mm" />');
    expect(setStyle(parseSource(styled), 'b0', 'width', null)).toBe(source);
    expect(setAttribute(parseSource(source), 'b0', 'src', 'data:image/png;base64,AAAA')).toBe(
      '<img src="data:image/png;base64,AAAA" alt="Logo" />',
    );
  });

  it('hides an element that has a display of its own and shows it with that display again', () => {
    const source = '<div style="display: flex; gap: 4px;">x</div>';
    const hidden = setHidden(parseSource(source), 'b0', true);
    expect(hidden).toBe('<div style="display: flex; gap: 4px; display: none;">x</div>');
    expect(setHidden(parseSource(hidden), 'b0', false)).toBe(source);
  });

  it('refuses edits of what it shows locked, and values that are not plain CSS', () => {
    const tree = parseSource('<td style="color: {{ c }}">x</td><tr {% if a %}class="a"{% endif %}><td>y</td></tr>');
    expect(() => setStyle(tree, 'b0', 'color', 'red')).toThrow(LockedEditError);
    expect(() => setHidden(tree, 'b1', true)).toThrow(LockedEditError);
    expect(() => setStyle(parseSource('<p>x</p>'), 'b0', 'color', 'red" onclick="x')).toThrow(LockedEditError);
  });

  it('removes an element with the line it stood on', () => {
    const source = '<div>\n  <img class="logo" src="x.png">\n  <h1>Title</h1>\n</div>';
    expect(removeElement(parseSource(source), 'b1')).toBe('<div>\n  <h1>Title</h1>\n</div>');
  });
});

describe('the preview annotations', () => {
  it.each(SOURCES)('$name: annotating then stripping gives back the source', ({ part, source }) => {
    const annotated = annotateSource(parseSource(source, part));
    expect(annotated).not.toBe(source);
    expect(stripAnnotations(annotated)).toBe(source);
  });

  it('marks every copy of a looped element with its source element, and nothing outside the loop twice', () => {
    const tree = parseSource(W1_DRAFT.html);
    const html = engine.render(annotateSource(tree), W1_DRAFT.sample_data);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const row = tree.elements.find((e) => e.name === 'tr' && e.frames.some((f) => f.markup === 'for item in items'));
    if (!row) throw new Error('no looped row');
    expect(doc.querySelectorAll(`[${NODE_ATTRIBUTE}="${row.id}"]`)).toHaveLength(15);
    const title = tree.elements.find((e) => e.name === 'h1');
    expect(doc.querySelectorAll(`[${NODE_ATTRIBUTE}="${title?.id}"]`)).toHaveLength(1);
    expect(stripAnnotations(html)).toBe(engine.render(W1_DRAFT.html, W1_DRAFT.sample_data));
  });
});

describe('what the inspector shows', () => {
  it('shows printed data and loops as chips, and the loop an element is in as its context', () => {
    const tree = parseSource(W1_DRAFT.html);
    const muted = tree.elements.find((e) => e.name === 'p' && source(tree, e.start).includes('muted'));
    expect(describeElement(tree, muted?.id as string)?.content).toEqual([
      { type: 'text', index: 0, text: 'No.' },
      { type: 'output', markup: 'invoice.number' },
      { type: 'element', id: expect.any(String), name: 'br', text: '' },
      { type: 'text', index: 1, text: 'Issued' },
      { type: 'output', markup: 'invoice.issued' },
      { type: 'text', index: 2, text: '· Due' },
      { type: 'output', markup: 'invoice.due' },
    ]);
    const cell = tree.elements.find((e) => e.name === 'td' && e.frames.length > 0);
    const model = describeElement(tree, cell?.id as string);
    expect(model?.context.map((f) => f.markup)).toEqual(['for item in items']);
    expect(model?.textLock).toBeNull();
  });
});

const source = (tree: SourceTree, at: number) => tree.source.slice(at, tree.source.indexOf('>', at) + 1);
