import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { parseDeclarations, parseStylesheet } from './css';

function parse(text: string, lineOffset = 0) {
  const findings = new Findings();
  const sheet = parseStylesheet(text, { part: 'css', lineOffset }, findings);
  return { sheet, findings: findings.list() };
}

describe('parseStylesheet', () => {
  it('reads rules with their declarations, !important and lines', () => {
    const { sheet } = parse('p { color: red !important; margin: 0 1px }\n\nh1, h2 { font-size: 2em }', 3);
    expect(sheet.rules).toEqual([
      {
        selector: 'p',
        line: 4,
        order: 0,
        declarations: [
          { property: 'color', value: 'red', important: true, line: 4 },
          { property: 'margin', value: '0 1px', important: false, line: 4 },
        ],
      },
      {
        selector: 'h1, h2',
        line: 6,
        order: 1,
        declarations: [{ property: 'font-size', value: '2em', important: false, line: 6 }],
      },
    ]);
  });

  it('flattens nesting: &, descendants, combinators, nested @media and declarations after nested rules', () => {
    const { sheet } = parse(
      `.a, .b { color: red; &:first-child { x: 1 } .c { x: 2 } > p { x: 3 } @media print { x: 4 } top: 0 }`,
    );
    expect(
      sheet.rules.map((r) => [r.selector, r.declarations.map((d) => `${d.property}:${d.value}`).join(';')]),
    ).toEqual([
      ['.a, .b', 'color:red'],
      ['.a:first-child, .b:first-child', 'x:1'],
      ['.a .c, .b .c', 'x:2'],
      ['.a > p, .b > p', 'x:3'],
      ['.a, .b', 'x:4'],
      ['.a, .b', 'top:0'],
    ]);
  });

  it('keeps print media and skips screen media silently', () => {
    const { sheet, findings } = parse(
      `@media print { .p { x: 1 } } @media screen { .s { x: 1 } } @media screen, print { .l { x: 1 } }
       @media all and (min-width: 100px) { .w { x: 1 } } @media (max-width: 600px) { .m { x: 1 } } @media not print { .n { x: 1 } }
       @supports (display: grid) { .g { x: 1 } }`,
    );
    expect(sheet.rules.map((r) => r.selector)).toEqual(['.p', '.l', '.w', '.g']);
    expect(findings).toEqual([]);
  });

  it('returns @page rules apart, with :first and margin boxes', () => {
    const { sheet } = parse(
      `@page { size: A4; @bottom-center { content: counter(page) } } @page :first { margin: 1cm }`,
    );
    expect(sheet.rules).toEqual([]);
    expect(sheet.pageRules).toMatchObject([
      {
        selector: '',
        declarations: [{ property: 'size', value: 'A4' }],
        marginRules: [{ name: 'bottom-center', declarations: [{ property: 'content', value: 'counter(page)' }] }],
      },
      { selector: ':first', declarations: [{ property: 'margin', value: '1cm' }] },
    ]);
  });

  it('reports unsupported at-rules with their line, and keeps @font-face rules for the fonts', () => {
    const { sheet, findings } = parse(
      `p { x: 1 }\n@font-face { font-family: x; src: url(a.woff) }\n@import "a.css";\n@keyframes k { from { x: 1 } }`,
    );
    expect(sheet.fontFaces).toEqual([
      {
        declarations: [
          expect.objectContaining({ property: 'font-family', value: 'x' }),
          expect.objectContaining({ property: 'src', value: 'url(a.woff)' }),
        ],
        line: 2,
        part: 'css',
      },
    ]);
    expect(findings.map((f) => [f.code, f.line, f.message.split(' ')[0]])).toEqual([
      ['unsupported_at_rule', 3, '@import'],
      ['unsupported_at_rule', 4, '@keyframes'],
    ]);
  });

  it('reports CSS that does not parse instead of throwing', () => {
    const { sheet, findings } = parse('p { color: red }\n.d {{ } }\nh1 { color: blue }');
    expect(sheet.rules.map((r) => r.selector)).toContain('h1');
    expect(findings.some((f) => f.code === 'invalid_css')).toBe(true);
  });

  it('never throws on broken CSS', () => {
    for (const text of [
      '{',
      '}}}',
      '@media',
      '@media print {',
      'a { b',
      'a{;;;}',
      '@page :first { @top-center',
      '/* x',
      'a { color: "x }',
      '& { x: 1 }',
      '@supports',
      ':::: {}',
    ]) {
      expect(() => parse(text)).not.toThrow();
    }
  });
});

describe('parseDeclarations', () => {
  it('reads a style attribute', () => {
    const findings = new Findings();
    expect(parseDeclarations('color: red; --Brand: #fff ', { part: 'html', lineOffset: 9 }, findings)).toEqual([
      { property: 'color', value: 'red', important: false, line: 10 },
      { property: '--Brand', value: '#fff', important: false, line: 10 },
    ]);
  });
});
