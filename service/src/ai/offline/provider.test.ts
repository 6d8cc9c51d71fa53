import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../answer-format';
import type { AiRequest } from '../provider';
import { chunks } from './answer';
import { offlineProvider } from './index';

const request: AiRequest = {
  messages: [{ role: 'user', content: 'An invoice with a logo and page numbers' }],
  task: { kind: 'generate', prompt: 'An invoice with a logo and page numbers', templateKind: 'document' },
};

describe('offline provider', () => {
  it('is the offline provider, quire-offline-1', () => {
    const provider = offlineProvider();
    expect(provider.name).toBe('offline');
    expect(provider.model).toBe('quire-offline-1');
  });

  it('streams the same text as it completes, in several word groups', async () => {
    const provider = offlineProvider();
    const whole = await provider.complete(request);
    const pieces: string[] = [];
    for await (const piece of provider.stream(request)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(whole);
  });

  it('answers in the shared format, with the running footer in the JSON block', async () => {
    const text = await offlineProvider().complete(request);
    const parsed = parseAnswer(text);
    expect(parsed.notes).toEqual([]);
    expect(parsed.reply).toMatch(/^Here is an invoice/);
    expect(parsed.html).toContain('<!-- quire:spec ');
    expect(parsed.css).toContain('.q-items');
    expect(parsed.name).toBe('Invoice');
    expect(parsed.page).toMatchObject({ size: 'A4', orientation: 'portrait' });
    expect(parsed.sampleData).toHaveProperty('invoice.number', 'INV-2026-0142');
    const meta = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '{}') as { footer_html?: string };
    expect(meta.footer_html).toContain('Page {{ page_number }} of {{ page_count }}');
  });

  it('gives the same answer for the same task', async () => {
    const provider = offlineProvider();
    expect(await provider.complete(request)).toBe(await provider.complete(request));
  });

  it('stops when the request is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(offlineProvider().complete({ ...request, signal: controller.signal })).rejects.toThrow();
    const iterate = async () => {
      for await (const _ of offlineProvider().stream({ ...request, signal: controller.signal })) {
        // nothing: the first step throws
      }
    };
    await expect(iterate()).rejects.toThrow();
  });

  it('writes an email template in MJML when the task is an email', async () => {
    const text = await offlineProvider().complete({
      messages: [],
      task: { kind: 'generate', prompt: 'An order confirmation email', templateKind: 'email' },
    });
    const parsed = parseAnswer(text);
    expect(parsed.notes).toEqual([]);
    expect(parsed.reply).toMatch(/^Here is an order confirmation email in MJML/);
    expect(parsed.html).toContain('<mjml>');
    expect(parsed.sampleData).toHaveProperty('order.number', 'NW-10482');
  });

  it('splits text into chunks that join back exactly', () => {
    const text = '  Hello   world,\nthis is\ta test.  ';
    expect(chunks(text, 2).join('')).toBe(text);
    expect(chunks(text, 2).length).toBe(4);
  });
});
