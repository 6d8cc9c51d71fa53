import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { parseStylesheet } from '../parse/css';
import { Origin, RuleIndex } from './cascade';
import { computeStyles } from './compute-styles';
import type { StyledNode } from './computed-style';
import { ENGINE_USER_AGENT_CSS } from './user-agent';

describe('the user-agent stylesheet', () => {
  it('uses only selectors, properties and values the engine supports', () => {
    const findings = new Findings();
    const sheet = parseStylesheet(ENGINE_USER_AGENT_CSS, { part: 'user-agent' }, findings);
    new RuleIndex().add(sheet, Origin.UserAgent, findings);
    expect(findings.list()).toEqual([]);
    expect(sheet.rules.length).toBeGreaterThan(40);
  });

  it('has values the engine computes for every element it styles', () => {
    const tags = [...new Set(ENGINE_USER_AGENT_CSS.match(/\b[a-z][a-z0-9-]*(?=[\s,{.:[>])/g) ?? [])];
    const html =
      tags.map((tag) => `<${tag} dir="rtl" hidden href="#">x</${tag}>`).join('') +
      '<ul><li><ol><li><ul><li>x</li></ul></li></ol></li></ul>';
    const findings = new Findings();
    computeStyles({ html, page: { width: 595, height: 842, margin: [0, 0, 0, 0] } }, findings);
    expect(findings.list()).toEqual([]);
  });

  it('indents lists and dd at their inline start, the right in rtl', () => {
    const html = '<ul><li>a</li></ul><dl><dd>b</dd></dl><div dir="rtl"><ol><li>c</li></ol><dl><dd>d</dd></dl></div>';
    const { root } = computeStyles({ html, page: { width: 595, height: 842, margin: [0, 0, 0, 0] } }, new Findings());
    const found: Array<[string, unknown, unknown]> = [];
    const walk = (node: StyledNode) => {
      if (node.kind !== 'element') return;
      const { style } = node;
      if (node.tag === 'ul' || node.tag === 'ol') found.push([node.tag, style.paddingLeft, style.paddingRight]);
      if (node.tag === 'dd') found.push([node.tag, style.marginLeft, style.marginRight]);
      node.children.forEach(walk);
    };
    walk(root);
    const indent = { pt: 30, pct: 0 };
    const none = { pt: 0, pct: 0 };
    expect(found).toEqual([
      ['ul', indent, none],
      ['dd', indent, none],
      ['ol', none, indent],
      ['dd', none, indent],
    ]);
  });
});
