import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import type { ComputedStyle, StyledNode } from '../style/computed-style';
import { block, cell, el, inline, row, table, text } from './__fixtures__/styled';
import type { BlockBox, TableBox, TableRowGroupBox } from './box';
import { buildBoxes } from './index';

const group = { display: 'table-row-group' } as const;
const thead = { display: 'table-header-group' } as const;
const tfoot = { display: 'table-footer-group' } as const;
const td = (content: string, attrs: Record<string, string> = {}) => el('td', cell, [text(content)], attrs);
const tr = (...cells: StyledNode[]) => el('tr', row, cells);

function tableOf(children: StyledNode[], style: Partial<ComputedStyle> = table, findings = new Findings()): TableBox {
  const root = buildBoxes(el('body', block, [el('table', style, children)]), { images: new Map(), findings });
  return root.blocks?.[0] as TableBox;
}

/** Each row group as rows of cell texts. */
const texts = (group: TableRowGroupBox | null) => group?.rows.map((r) => r.cells.map((c) => cellText(c.content)));

function cellText(box: BlockBox): string {
  const parts: string[] = [];
  const walk = (node: unknown) => {
    const n = node as { type: string; text?: string; children?: unknown[]; blocks?: unknown[]; inlines?: unknown[] };
    if (n.type === 'text') parts.push(n.text ?? '');
    for (const child of [...(n.children ?? []), ...(n.blocks ?? []), ...(n.inlines ?? [])]) walk(child);
  };
  walk(box);
  return parts.join('');
}

describe('buildBoxes: tables (CSS 2.1 §17.2.1)', () => {
  it('puts rows outside row groups into an anonymous body and drops white space between table parts', () => {
    const t = tableOf([text('\n  '), tr(td('a'), text('\n'), td('b')), text('\n'), tr(td('c'), td('d')), text('\n')]);
    expect(t.bodies).toHaveLength(1);
    expect(texts(t.bodies[0] as TableRowGroupBox)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(t.bodies[0]?.style.display).toBe('table-row-group');
    expect(t.head).toBeNull();
    expect(t.foot).toBeNull();
  });

  it('takes the first thead as head and the first tfoot as foot; others are bodies where they stand', () => {
    const t = tableOf([
      el('tfoot', tfoot, [tr(td('foot'))]),
      el('thead', thead, [tr(td('head'))]),
      el('tbody', group, [tr(td('body 1'))]),
      el('thead', thead, [tr(td('second head'))]),
      tr(td('loose row')),
      el('tfoot', tfoot, [tr(td('second foot'))]),
    ]);
    expect(texts(t.head)).toEqual([['head']]);
    expect(texts(t.foot)).toEqual([['foot']]);
    expect(t.bodies.map(texts)).toEqual([[['body 1']], [['second head']], [['loose row']], [['second foot']]]);
  });

  it('wraps cells outside rows in an anonymous row, and other content in rows in an anonymous cell', () => {
    const t = tableOf([
      el('tbody', group, [td('x'), td('y'), tr(td('z'), text(' loose '), el('b', inline, [text('bold')]), text(' '))]),
    ]);
    expect(texts(t.bodies[0] as TableRowGroupBox)).toEqual([
      ['x', 'y'],
      ['z', ' loose bold'],
    ]);
    const anonymousCell = t.bodies[0]?.rows[1]?.cells[1];
    expect(anonymousCell?.style.display).toBe('table-cell');
    expect(anonymousCell?.content.tag).toBeNull();
    expect(anonymousCell?.content.style).toBe(anonymousCell?.style);
  });

  it('puts content right inside a table into an anonymous row and cell', () => {
    const t = tableOf([text('stray text'), tr(td('a'))]);
    expect(texts(t.bodies[0] as TableRowGroupBox)).toEqual([['stray text'], ['a']]);
  });

  it('gives cells outside any table an anonymous table, inline-level inside an inline', () => {
    const root = buildBoxes(el('div', block, [td('one'), text(' '), td('two'), el('p', block, [text('after')])]), {
      images: new Map(),
      findings: new Findings(),
    });
    const anonymous = root.blocks?.[0] as TableBox;
    expect(anonymous.type).toBe('table');
    expect(anonymous.style.display).toBe('table');
    expect(texts(anonymous.bodies[0] as TableRowGroupBox)).toEqual([['one', 'two']]);
    expect(root.blocks?.[1]).toMatchObject({ type: 'block', tag: 'p' });

    const inInline = buildBoxes(el('p', block, [el('span', inline, [text('x '), td('c')])]), {
      images: new Map(),
      findings: new Findings(),
    });
    const span = inInline.inlines?.[0];
    expect(span).toMatchObject({
      type: 'inline',
      children: [{ type: 'text' }, { type: 'atomic', box: { type: 'table' } }],
    });
  });

  it('takes colspan (1 to 1000) and rowspan from attributes; rowspan 0 and long spans end with the group', () => {
    const t = tableOf([
      el('tbody', group, [
        tr(td('a', { rowspan: '0' }), td('b', { colspan: '3' }), td('c', { rowspan: '9' })),
        tr(td('d', { colspan: '0' }), td('e', { colspan: '5000' }), td('f', { colspan: 'x', rowspan: ' 2 ' })),
        tr(td('g')),
      ]),
      el('tbody', group, [tr(td('h', { rowspan: '0' }))]),
    ]);
    const spans = t.bodies.map((g) => g.rows.map((r) => r.cells.map((c) => [c.colspan, c.rowspan])));
    expect(spans).toEqual([
      [
        [
          [1, 3],
          [3, 1],
          [1, 3],
        ],
        [
          [1, 1],
          [1000, 1],
          [1, 2],
        ],
        [[1, 1]],
      ],
      [[[1, 1]]],
    ]);
  });

  it('expands col and colgroup spans into columns with their styles', () => {
    const narrow = { display: 'table-column', width: { pt: 30, pct: 0 } } as const;
    const t = tableOf([
      el('colgroup', { display: 'table-column-group', width: { pt: 10, pct: 0 } }, [], { span: '2' }),
      el('colgroup', { display: 'table-column-group' }, [
        el('col', narrow, [], { span: '3' }),
        text(' '),
        el('col', { display: 'table-column' }),
      ]),
      el('col', { display: 'table-column' }),
      tr(td('a')),
    ]);
    expect(t.columns.map((c) => (c.style.width === 'auto' ? 'auto' : c.style.width.pt))).toEqual([
      10,
      10,
      30,
      30,
      30,
      'auto',
      'auto',
    ]);
  });

  it('takes the first caption and reports more', () => {
    const findings = new Findings();
    const t = tableOf(
      [
        el('caption', { display: 'table-caption' }, [text('Totals')]),
        tr(td('a')),
        el('caption', { display: 'table-caption' }, [text('again')]),
      ],
      table,
      findings,
    );
    expect(t.caption && cellText(t.caption)).toBe('Totals');
    expect(t.caption?.tag).toBe('caption');
    expect(findings.list()).toMatchObject([{ code: 'ignored_content' }]);
  });

  it('makes each cell’s content a block container with the cell’s own style', () => {
    const t = tableOf([
      tr(el('td', { ...cell, paddingLeft: { pt: 6, pct: 0 } }, [el('p', block, [text('x')]), text('y')])),
    ]);
    const only = t.bodies[0]?.rows[0]?.cells[0];
    expect(only?.content.style).toBe(only?.style);
    expect(only?.content.tag).toBe('td');
    expect(only?.content.blocks?.map((b) => (b as BlockBox).tag)).toEqual(['p', null]);
  });

  it('makes an inline-table atomic', () => {
    const root = buildBoxes(el('p', block, [text('see '), el('table', { display: 'inline-table' }, [tr(td('a'))])]), {
      images: new Map(),
      findings: new Findings(),
    });
    expect(root.inlines?.[1]).toMatchObject({ type: 'atomic', box: { type: 'table' } });
  });
});
