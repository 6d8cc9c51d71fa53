import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumEngine } from '../src/chromium/chromium-engine';
import { findChromium } from '../src/chromium/find-chromium';
import { loadBaseline, regressions } from './baseline';
import { type FidelityCase, loadCases, splitTemplate } from './cases';
import { showChromiumQuireFonts } from './chromium-fonts';
import { measureCase } from './measure';
import { missingWords, wordsOf } from './words';

/*
 * The fidelity gate: every case of the corpus, rendered by Quire and by Chromium, must do at least as well as its
 * baseline (fidelity/baseline.json): no more of Chromium's words missing, no more pages apart, no page further from
 * Chromium's in pixels. `pnpm fidelity` runs the same measure and writes the report.
 */

describe('fidelity words', () => {
  it('compares words as a multiset, without punctuation, ligatures as letters', () => {
    expect(wordsOf('Total: $1,234.50 — ﬁnal. • ...')).toEqual(['Total', '1,234.50', 'final']);
    expect(wordsOf('a three-node cut-\nover')).toEqual(['a', 'threenode', 'cut', 'over']);
    expect(wordsOf('\u202bשלום\u202c\u202aGN-48213\u202cאושרה')).toEqual(['שלום', 'GN48213', 'אושרה']);
    // Arabic and Hebrew by their letters: Chromium's text layer puts a shadda or a damma on the wrong letter.
    expect(wordsOf('ويسرّنا عُقد שָׁלוֹם־טוב')).toEqual(['ويسرنا', 'عقد', 'שלום־טוב']);
    expect([...missingWords(wordsOf('ويسّرن ا ُع ق د'), wordsOf('ويسرّنا عُقد'))]).toEqual([]);
    // Chinese and Japanese by character (a line broken elsewhere has the same words), Korean by its spaces.
    expect(wordsOf('发票合计 ¥42\nお見積書 영수증 합계')).toEqual([
      '发',
      '票',
      '合',
      '计',
      '42',
      'お',
      '見',
      '積',
      '書',
      '영수증',
      '합계',
    ]);
    const missing = missingWords(['ab', 'ab', 'bc', 'cd'], ['ab', 'cd', 'de']);
    expect([...missing]).toEqual([
      ['ab', 1],
      ['bc', 1],
    ]);
    // Words cut by pdftotext in one PDF and not the other (Arabic, letter-spaced capitals) are still there.
    expect([...missingWords(['الت', 'قرير', 'TI', 'CK', 'ET', 'Total'], ['التقرير', 'TICKET', 'Sum'])]).toEqual([
      ['Total', 1],
    ]);
    // Letter-spaced capitals split into pieces on the other side, and text without spaces (CJK) broken elsewhere.
    expect([...missingWords(['REVENUE', 'TO'], ['RE', 'VE', 'NUE', 'T', 'O'])]).toEqual([['TO', 1]]);
    expect([...missingWords(['请于三十日内', '付款'], ['请于三', '十日内付款'])]).toEqual([]);
  });

  it('splits a template into its leading stylesheet and its HTML', () => {
    expect(splitTemplate('\n<style>\n p { color: red }\n</style>\n<p>Hi</p>')).toEqual({
      css: 'p { color: red }',
      html: '<p>Hi</p>',
    });
    expect(splitTemplate('<p>No style</p>')).toEqual({ css: '', html: '<p>No style</p>' });
  });
});

const cases = await loadCases();
const baseline = loadBaseline();

describe.skipIf(!findChromium())('fidelity gate against Chromium', () => {
  let chromium: ChromiumEngine;
  let restoreFonts: () => void;

  beforeAll(async () => {
    restoreFonts = showChromiumQuireFonts();
    chromium = await ChromiumEngine.launch();
  });
  afterAll(async () => {
    await chromium?.close();
    restoreFonts?.();
  });

  it('has a corpus of at least 40 cases, each with a baseline', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((c) => !baseline[c.id]).map((c) => c.id)).toEqual([]);
  });

  it.each(cases.map((c): [string, FidelityCase] => [c.id, c]))('%s does no worse than its baseline', async (_id, c) => {
    const measure = await measureCase(c, chromium);
    expect(regressions(measure, baseline[c.id])).toEqual([]);
  });
});
