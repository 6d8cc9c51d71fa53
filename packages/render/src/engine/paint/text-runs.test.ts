import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../__fixtures__/pdf-tools';
import { engineInput } from '../__fixtures__/lay-out-html';
import { renderWithQuireEngine } from '../document/render-document';
import { nodePlatform } from './platform-node';

/** The page content streams of a PDF written without compression, in order. */
function contentStreams(bytes: Uint8Array): string[] {
  const pdf = Buffer.from(bytes).toString('latin1');
  const streams: string[] = [];
  for (const match of pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    if ((match[1] as string).includes(' Tm\n')) streams.push(match[1] as string);
  }
  return streams;
}

/** Each text object's operators: the text matrix line, and what follows it up to ET. */
function textObjects(stream: string): Array<{ tm: string; body: string }> {
  return [...stream.matchAll(/BT\n[\s\S]*?(1 0 0 -1 [\d.-]+ [\d.-]+ Tm)\n([\s\S]*?)ET/g)].map((m) => ({
    tm: m[1] as string,
    body: m[2] as string,
  }));
}

async function render(html: string, css = '') {
  const { bytes } = await renderWithQuireEngine({ ...engineInput(html, css), compress: false }, nodePlatform());
  return bytes;
}

describe('text drawn again in a document', () => {
  it('writes a repeated cell as the same operators at its own place, per size and spacing', async () => {
    const rows = Array.from(
      { length: 12 },
      (_, i) => `<tr><td>Item 42</td><td class="wide">Item 42</td><td>${i}</td></tr>`,
    );
    const html = `<table>${rows.join('')}</table><p class="big">Item 42</p>`;
    const css = 'td { padding: 2px } .wide { letter-spacing: 2px } .big { font-size: 20pt }';
    const bytes = await render(html, css);
    const objects = contentStreams(bytes).flatMap(textObjects);
    // "Item 42" plain and letter-spaced (10pt): each writes one body twelve times, after text matrices of its own.
    const bodies = new Map<string, string[]>();
    for (const object of objects) bodies.set(object.body, [...(bodies.get(object.body) ?? []), object.tm]);
    const repeated = [...bodies.values()].filter((tms) => tms.length === 12);
    expect(repeated).toHaveLength(2);
    for (const tms of repeated) expect(new Set(tms).size).toBe(12);
    // Rows 1-12 in the third column: bodies of their own.
    expect([...bodies.values()].filter((tms) => tms.length === 1).length).toBeGreaterThanOrEqual(9);
    // The 20pt paragraph is the same text at another size: a body of its own.
    const big =
      contentStreams(bytes)
        .join('\n')
        .match(/\/F\d+ 20 Tf\n[\s\S]*?ET/g) ?? [];
    expect(big.length).toBe(1);
    const text = (await pageTexts(bytes)).join('\n');
    expect(text.match(/Item 42/g)?.length).toBe(25);
  });
});
