import { getStarter } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { fontParseStats } from './parse-cache';

describe('the font parse cache', () => {
  it('parses each font once per process and keeps documents independent', async () => {
    const receipt = getStarter('receipt');
    if (!receipt) throw new Error('missing starter');
    const first = await renderReport({ template: { html: '<p>First document Ωμέγα</p>' }, data: {} });
    const before = fontParseStats();
    const second = await renderReport({ template: { html: '<p>Second <b>document</b> Привет</p>' }, data: {} });
    const after = fontParseStats();
    expect(after.misses - before.misses).toBeLessThanOrEqual(1); // at most the bold face is new
    expect(after.hits).toBeGreaterThan(before.hits);
    expect((await pageTexts(first.bytes))[0]).toContain('First document Ωμέγα');
    expect((await pageTexts(second.bytes))[0]).toContain('Second document Привет');
    expect((await pageTexts(second.bytes))[0]).not.toContain('First');
    // A document after many others still embeds exactly the glyphs it uses.
    const third = await renderReport({ template: receipt, data: receipt.sample_data });
    expect(third.pages).toBe(1);
    expect(second.bytes.length).toBeLessThan(60_000);
  });
});
