import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { parseStylesheet } from '../parse/css';
import { Origin, RuleIndex } from './cascade';
import { computeStyles } from './compute-styles';
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
});
