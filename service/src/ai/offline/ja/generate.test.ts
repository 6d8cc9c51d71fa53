import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../reports/__fixtures__/pdf';
import { expectRequestMet } from '../__fixtures__/language-requests';
import { renderAnswer } from '../__fixtures__/render';
import { offlineProvider } from '../index';
import { japaneseRequests } from './__fixtures__/requests';

/** The Japanese requests (__fixtures__/requests.ts) rendered to real PDFs and read back, and yen, limits, translation. */
const provider = offlineProvider();
const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();

describe('offline provider: requests written in Japanese', () => {
  it('has at least eight Japanese requests', () => {
    expect(japaneseRequests.filter((c) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(c.prompt)).length).toBeGreaterThanOrEqual(
      8,
    );
  });

  for (const c of japaneseRequests) {
    it(`writes a working template for "${c.prompt}"`, () => expectRequestMet(c));
  }

  it('prints yen amounts without decimals and in the Japanese locale', async () => {
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'generate', prompt: '品名、数量、単価、金額の列がある請求書', templateKind: 'document' },
    });
    const result = await renderAnswer(answer);
    expect(result.html).toContain('"JPY", "ja-JP"');
    const text = await pdfText(result.bytes);
    expect(text).toMatch(/￥\d{1,3}(,\d{3})+\s/);
    expect(text).not.toMatch(/￥[\d,]+\.\d\d/);
    expect(text).toContain('2026年3月2日');
  });

  it('says plainly what it cannot draw, in English like every reply', async () => {
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'generate', prompt: '地図付きの週報、地域・売上の列', templateKind: 'document' },
    });
    const result = await renderAnswer(answer);
    expect(result.reply).toMatch(/I can't add maps yet/);
    expect(squeeze(await pdfText(result.bytes))).toContain('地域');
  });

  it('draws a chart of the table asked for, with its Japanese names', async () => {
    const answer = await provider.complete({
      messages: [],
      task: {
        kind: 'generate',
        prompt: '棒グラフ付きの月次売上報告書、地域・売上・目標の列',
        templateKind: 'document',
      },
    });
    const result = await renderAnswer(answer);
    expect(result.reply).toMatch(/a bar chart of 売上 by 地域/);
    expect(result.html).toContain('| bar_chart: "region", "sales"');
    // The first region is named twice: under its bar and in its row.
    const text = squeeze(await pdfText(result.bytes));
    const first = String((result.sample.report as { regions: { region: string }[] }).regions[0]?.region);
    expect(text.split(squeeze(first)).length - 1).toBeGreaterThanOrEqual(2);
  });

  it('translates the labels of a template into Japanese', async () => {
    const first = await provider.complete({
      messages: [],
      task: {
        kind: 'generate',
        prompt: 'An invoice with columns description, quantity and amount',
        templateKind: 'document',
      },
    });
    const { template } = await renderAnswer(first);
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'refine', instruction: 'Translate the labels into Japanese', current: template, history: [] },
    });
    const result = await renderAnswer(answer);
    expect(result.reply).toMatch(/Japanese/);
    const text = squeeze(await pdfText(result.bytes));
    for (const label of ['請求書', '品目', '数量', '金額', '合計']) expect(text).toContain(label);
  });
});
