import type { TemplateContent } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { renderAnswer, templateOf } from '../__fixtures__/render';
import { offlineProvider } from '../index';
import { readSpec } from '../spec';
import { readRequest } from '../understand';
import { KINDS, searchable } from './catalogue';
import { retrieveKind } from './retrieve';

const provider = offlineProvider();

async function generated(prompt: string): Promise<TemplateContent> {
  const text = await provider.complete({ messages: [], task: { kind: 'generate', prompt, templateKind: 'document' } });
  return templateOf(text).template;
}

describe('the catalogue of kinds', () => {
  it('holds at least 40 kinds, each with its title in the seven languages and words to find it', () => {
    expect(searchable().length).toBeGreaterThanOrEqual(40);
    for (const def of KINDS) {
      expect(def.words.length, def.id).toBeGreaterThan(0);
      if (def.title)
        expect(
          def.title.every((t) => t.length > 0),
          def.id,
        ).toBe(true);
    }
  });

  it('chooses the kind by the best match over every kind, not the first word found', () => {
    const kindOf = (prompt: string) => readRequest(prompt).kind;
    expect(kindOf('A school report card with subjects and grades')).toBe('report_card');
    expect(kindOf('A report on our sales by region')).toBe('report');
    expect(kindOf('invoice for a freelance designer')).toBe('invoice');
    expect(kindOf('facture')).toBe('invoice');
    expect(kindOf('4x6 shipping label for a parcel')).toBe('shipping_label');
    expect(kindOf('Event ticket with seat number')).toBe('event_ticket');
    expect(kindOf('Une lettre de motivation')).toBe('cover_letter');
    expect(kindOf('Versandetikett mit Barcode')).toBe('shipping_label');
    expect(retrieveKind('something nice', 'en')).toBeUndefined();
  });

  it('refines a catalogue kind through its spec: the kind, its page and its layout stay', async () => {
    const label = await generated('4x6 shipping label with a barcode of the tracking number');
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'refine', instruction: 'make it navy', current: label, history: [] },
    });
    const next = await renderAnswer(answer);
    const spec = readSpec(next.html, next.css)?.spec;
    expect(spec).toMatchObject({ kind: 'shipping_label', layout: 'label', page: { size: 'custom', widthMm: 101.6 } });
    expect(next.template.page).toMatchObject({ size: 'custom', width_mm: 101.6, height_mm: 152.4 });
    expect(next.html).toContain('<bar-code');
  });

  it('adds a column to a report card the way it adds one to an invoice', async () => {
    const card = await generated('A school report card with subjects, grades and teacher comments');
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'refine', instruction: 'add an effort column after grade', current: card, history: [] },
    });
    const next = await renderAnswer(answer);
    const thead = /<thead>([\s\S]*?)<\/thead>/.exec(next.html)?.[1] ?? '';
    const heads = [...thead.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['Subject', 'Grade', 'Effort', 'Teacher comment']);
  });
});
