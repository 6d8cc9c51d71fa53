import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../chromium/chromium-engine';
import { findChromium } from '../../chromium/find-chromium';
import { ASCII_BREAKS_AFTER, lineBreaks, SOFT_BREAK } from './line-breaks';

type Browser = Awaited<ReturnType<typeof chromium.launch>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

/** Where Chromium breaks each text in a box of no width: the indexes lines start at (its break opportunities). */
function chromiumBreaks(page: Page, texts: string[]): Promise<number[][]> {
  return page.evaluate((texts) => {
    const box = document.getElementById('box') as HTMLElement;
    return texts.map((text) => {
      box.textContent = text;
      const node = box.firstChild as Text;
      const tops: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getClientRects()[0]?.top ?? Number.NaN));
      }
      return tops.flatMap((top, i) => (i > 0 && top !== tops[i - 1] ? [i] : []));
    });
  }, texts);
}

const quireBreaks = (text: string): number[] =>
  [...lineBreaks(text)].flatMap((kind, i) => (kind === SOFT_BREAK ? [i] : []));

describe.skipIf(!findChromium())('line breaks against the system Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium() as string, args: CHROMIUM_ARGS, headless: true });
    page = await browser.newPage();
    await page.setContent('<div id="box" style="width: 0; font: 16px sans-serif"></div>');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has the table Chromium breaks printable ASCII pairs by', async () => {
    const chars = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));
    const pairs = chars.flatMap((a) => chars.map((b) => a + b));
    const broken = await chromiumBreaks(page, pairs);
    const rows: Record<string, string> = {};
    pairs.forEach((pair, i) => {
      if ((broken[i] as number[]).length > 0) rows[pair[0] as string] = (rows[pair[0] as string] ?? '') + pair[1];
    });
    const sorted = (row: string | undefined) => [...(row ?? '')].sort().join('');
    // Two characters alone: a hyphen has nothing before it, so it is a minus sign before a digit (asciiBreak).
    const table = (entries: Array<[string, string]>) =>
      Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([c, row]) => [c, sorted(row)]));
    const ours = table(
      Object.entries(ASCII_BREAKS_AFTER).map(([c, row]) => [c, c === '-' ? row.replace(/\d/g, '') : row]),
    );
    const theirs = table(Object.entries(rows));
    if (JSON.stringify(theirs) !== JSON.stringify(ours)) console.log('Chromium breaks ASCII pairs by', theirs);
    expect(theirs).toEqual(ours);
  });

  it('breaks URLs, slashes, hyphens and minus signs where Chromium does', async () => {
    const texts = [
      'Pay at https://pay.brightline-analytics.com/i/INV-2026-0142, or scan the code.',
      'and/or C++ x-1 1-2 (-1) a -1 --1 Hello!World a}b a?1 a?b é/é a/é 日/本',
      'ABCD-1234 1234-5678 ref:ABC-9 path/to/file.txt',
    ];
    const theirs = await chromiumBreaks(page, texts);
    expect(texts.map(quireBreaks)).toEqual(theirs);
  });
});
