import { getStarter, starters, type TemplateContent } from '@quire/core';
import { check } from '@quire/render';
import { describe, expect, it } from 'vitest';
import { invoiceSchema } from './__fixtures__/data';
import { renderAnswer, savePng, templateOf, visibleText } from './__fixtures__/render';
import { offlineProvider } from './index';
import { readSpec } from './spec';

const provider = offlineProvider();

async function generated(prompt: string, schema?: Record<string, unknown>): Promise<TemplateContent> {
  const text = await provider.complete({
    messages: [],
    task: { kind: 'generate', prompt, templateKind: 'document', ...(schema ? { schema } : {}) },
  });
  return templateOf(text).template;
}

/** One refinement through the provider; the result must render and pass the checks. */
async function refined(
  current: TemplateContent,
  instruction: string,
  schema?: Record<string, unknown>,
): Promise<{ reply: string; next: TemplateContent; text: string }> {
  const answer = await provider.complete({
    messages: [{ role: 'user', content: instruction }],
    task: { kind: 'refine', instruction, current, history: [], ...(schema ? { schema } : {}) },
  });
  const result = await renderAnswer(answer);
  return { reply: result.reply, next: result.template, text: visibleText(result.html) };
}

function headers(html: string): string[] {
  const thead = /<thead>([\s\S]*?)<\/thead>/.exec(html)?.[1] ?? '';
  return [...thead.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => (m[1] as string).trim());
}

describe('offline provider: refining its own templates', async () => {
  const invoice = await generated('An invoice with columns description, quantity, unit price and amount');

  it('adds a column where asked, with sample values for it', async () => {
    const { reply, next } = await refined(invoice, 'Add a discount column after quantity');
    // A discount on an invoice is taken off the line: the reply says how the amount is worked out now.
    expect(reply).toBe('Added the Discount column; line amounts are now Amount = Quantity × Unit price − Discount.');
    expect(headers(next.html)).toEqual(['Description', 'Quantity', 'Discount', 'Unit price', 'Amount']);
    const rows = (next.sample_data.invoice as { items: Record<string, unknown>[] }).items;
    expect(rows.every((r) => typeof r.discount === 'number')).toBe(true);
    expect(rows.map((r) => r.amount)).toEqual(
      rows.map(
        (r) => Math.round(((r.quantity as number) * (r.unit_price as number) - (r.discount as number)) * 100) / 100,
      ),
    );
    // The rows already there keep their values.
    expect(rows[0]?.description).toBe('Website redesign');
  });

  it('removes a column', async () => {
    const { reply, next } = await refined(invoice, 'remove the quantity column');
    expect(reply).toBe('Removed the Quantity column.');
    expect(headers(next.html)).toEqual(['Description', 'Unit price', 'Amount']);
  });

  it('renames a column, and a dictionary word stays translatable', async () => {
    const { reply, next } = await refined(invoice, 'Rename Unit price to Rate');
    expect(reply).toBe('Renamed the Unit price column to "Rate".');
    expect(headers(next.html)).toContain('Rate');
    const french = await refined(next, 'translate the labels into French');
    expect(headers(french.next.html)).toEqual(['Désignation', 'Quantité', 'Taux', 'Montant']);
  });

  it('reorders columns: move, swap and a full order', async () => {
    const moved = await refined(invoice, 'move the amount column to the start');
    expect(headers(moved.next.html)).toEqual(['Amount', 'Description', 'Quantity', 'Unit price']);
    const swapped = await refined(invoice, 'swap quantity and unit price');
    expect(headers(swapped.next.html)).toEqual(['Description', 'Unit price', 'Quantity', 'Amount']);
    const ordered = await refined(invoice, 'reorder the columns: amount, unit price, quantity, description');
    expect(headers(ordered.next.html)).toEqual(['Amount', 'Unit price', 'Quantity', 'Description']);
  });

  it('adds, renames, moves and removes fields', async () => {
    const added = await refined(invoice, 'add a field for the VAT number before the due date');
    expect(added.reply).toBe('Added the VAT number field.');
    expect(added.text).toMatch(/Issue date .* VAT number .* Due date/);
    const renamed = await refined(added.next, 'rename the issue date field to Invoice date');
    expect(renamed.text).toContain('Invoice date');
    const moved = await refined(renamed.next, 'put the due date first');
    expect(moved.text).toMatch(/Due date .* Invoice no\./);
    const removed = await refined(moved.next, 'remove the VAT number');
    expect(removed.reply).toBe('Removed the VAT number field.');
    expect(removed.text).not.toContain('VAT number');
  });

  it('adds, moves, renames and removes sections', async () => {
    const added = await refined(invoice, 'add terms and a signature');
    expect(added.reply).toBe('Added the terms and added a signature.');
    expect(added.next.html).toContain('q-terms');
    expect(added.next.html).toContain('q-signatures');
    const moved = await refined(added.next, 'move the notes above the table');
    expect(moved.next.html.indexOf('q-notes')).toBeLessThan(moved.next.html.indexOf('q-items'));
    const renamed = await refined(moved.next, 'rename the notes section to Remarks');
    expect(renamed.text).toContain('Remarks');
    const removed = await refined(renamed.next, 'remove the terms');
    expect(removed.next.html).not.toContain('q-terms');
  });

  it('changes colours, by name and by hex', async () => {
    const green = await refined(invoice, 'change the colour to green');
    expect(green.reply).toBe('Changed the accent colour to green (#2e7d32).');
    expect(green.next.css).toContain('#2e7d32');
    expect(green.next.css).not.toContain('#1f4e79');
    const hex = await refined(invoice, 'use #ff8800 for the headings');
    expect(hex.next.css).toContain('#ff8800');
  });

  it('changes fonts and font sizes', async () => {
    const serif = await refined(invoice, 'use a serif font');
    expect(serif.next.css).toContain('font-family: Georgia');
    const bigger = await refined(invoice, 'make the text bigger');
    expect(bigger.reply).toBe('Made the text larger (10.5pt).');
    expect(bigger.next.css).toContain('font-size: 10.5pt');
    const exact = await refined(invoice, 'set the font size to 8pt');
    expect(exact.next.css).toContain('font-size: 8pt');
  });

  it('changes orientation and page size', async () => {
    const { reply, next } = await refined(invoice, 'make it landscape on US Letter');
    expect(reply).toBe('Turned the page to landscape and switched the page to Letter.');
    expect(next.page).toMatchObject({ size: 'Letter', orientation: 'landscape' });
  });

  it('adds a logo, signature, notes, totals, QR code and page numbers', async () => {
    const bare = await generated('A packing slip with items with sku, description and quantity');
    const { reply, next } = await refined(bare, 'add a logo, a signature, a QR code and page numbers');
    expect(reply).toBe(
      'Added a logo (from `company.logo_url`), added a signature, added a QR code and added page numbers in the footer.',
    );
    expect(next.html).toContain('<img class="q-logo" src="{{ company.logo_url }}"');
    expect(next.html).toContain('<qr-code value="{{ shipment.tracking_url }}"');
    expect(next.footer_html).toContain('Page {{ page_number }} of {{ page_count }}');
    const noNotes = await refined(next, 'remove the notes');
    const notes = await refined(noNotes.next, 'add notes');
    expect(notes.reply).toBe('Added notes.');
    const totals = await refined(notes.next, 'add totals');
    expect(totals.reply).toBe('Added totals under the table.');
    expect(totals.next.html).toContain('<tfoot>');
  });

  it('removes page numbers, leaving an empty footer in the answer', async () => {
    const report = await generated('A monthly report with a table of regions');
    expect(report.footer_html).toContain('page_number');
    const { reply, next } = await refined(report, 'remove the page numbers');
    expect(reply).toBe('Removed the page numbers.');
    expect(next.footer_html).toBe('');
  });

  it('translates the labels into French, German and Spanish, and back', async () => {
    const fr = await refined(invoice, 'translate into French');
    expect(fr.reply).toBe('Translated the labels into French (amounts now in EUR).');
    expect(headers(fr.next.html)).toEqual(['Désignation', 'Quantité', 'Prix unitaire', 'Montant']);
    expect(fr.text).toContain('Facture');
    expect(fr.next.html).toContain('"fr-FR"');
    // Sample texts that were the English defaults follow the language.
    expect((fr.next.sample_data.invoice as { notes: string }).notes).toMatch(/^Merci/);
    const de = await refined(fr.next, 'Übersetze ins Deutsche');
    expect(headers(de.next.html)).toEqual(['Beschreibung', 'Menge', 'Einzelpreis', 'Betrag']);
    const es = await refined(de.next, 'in Spanish');
    expect(headers(es.next.html)).toEqual(['Descripción', 'Cantidad', 'Precio unitario', 'Importe']);
    const en = await refined(es.next, 'traduce al inglés');
    expect(headers(en.next.html)).toEqual(['Description', 'Quantity', 'Unit price', 'Amount']);
  });

  it('understands instructions in French, German and Spanish', async () => {
    const fr = await refined(invoice, 'Ajoute une colonne Remise après Quantité');
    expect(headers(fr.next.html)).toContain('Discount');
    const de = await refined(invoice, 'Entferne die Spalte Menge');
    expect(headers(de.next.html)).not.toContain('Quantity');
    const es = await refined(invoice, 'Renombra la columna Importe a Total');
    expect(headers(es.next.html)).toContain('Total');
  });

  it('binds a new column to the data when the template has a schema', async () => {
    const bound = await generated('An invoice with product, qty and unit cost columns', invoiceSchema);
    const { reply, next } = await refined(bound, 'add a line total column', invoiceSchema);
    expect(reply).toBe('Added the Line total column (from `lineTotal` in your data).');
    expect(next.html).toContain('{{ line.lineTotal | money');
  });

  it('keeps a chain of refinements working, each step rendering and passing the checks', async () => {
    let current = await generated('A monthly sales report with a table of regions with sales and target');
    const steps: [string, RegExp][] = [
      ['add a growth column', /^Added the Growth column\.$/],
      ['make it landscape and use a serif font', /^Turned the page to landscape and switched to a serif font\.$/],
      ['change the accent to teal', /teal/],
      ['add a logo and a QR code', /logo.*QR code/],
      ['move the summary below the table', /^Moved the Summary section after the table\.$/],
      ['rename Sales to Revenue', /Renamed the Sales column to "Revenue"/],
      ['remove the notes', /^Removed the Notes section\.$/],
      ['translate into German', /German/],
      ['make the text smaller', /smaller/],
    ];
    for (const [instruction, expected] of steps) {
      const step = await refined(current, instruction);
      expect(step.reply, instruction).toMatch(expected);
      current = step.next;
    }
    const spec = readSpec(current.html, current.css)?.spec;
    expect(spec?.language).toBe('de');
    expect(headers(current.html)).toEqual(['Region', 'Erlöse', 'Ziel', 'Wachstum']);
    expect(current.page.orientation).toBe('landscape');
    const result = await check({ template: current, data: current.sample_data });
    expect(result.ok).toBe(true);
  });

  it('says plainly what it cannot do, and gives the template back unchanged', async () => {
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'refine', instruction: 'add a watermark', current: invoice, history: [] },
    });
    const { reply, template } = templateOf(answer);
    expect(reply).toMatch(/^I can't add watermarks yet: /);
    expect(reply).toMatch(/The template is unchanged\.$/);
    expect(template.html).toBe(invoice.html.trim());
    expect(template.css).toBe(invoice.css.trim());
  });

  it('says when it does not understand, and what it can do', async () => {
    const { reply, template } = templateOf(
      await provider.complete({
        messages: [],
        task: { kind: 'refine', instruction: 'do a little dance', current: invoice, history: [] },
      }),
    );
    expect(reply).toMatch(/^I didn't understand "do a little dance"\. The template is unchanged\. I can add, remove/);
    expect(template.html).toBe(invoice.html.trim());
  });

  it('does what it can of a mixed request and names the rest', async () => {
    const { reply, next } = await refined(invoice, 'make it landscape and add a map of the delivery area');
    expect(reply).toMatch(/^Turned the page to landscape\. I can't add maps yet/);
    expect(next.page.orientation).toBe('landscape');
  });

  it('says when something is already there or missing', async () => {
    const again = templateOf(
      await provider.complete({
        messages: [],
        task: { kind: 'refine', instruction: 'remove the weight column', current: invoice, history: [] },
      }),
    );
    expect(again.reply).toBe('I couldn\'t find "weight" to remove. The template is unchanged.');
  });
});

describe('offline provider: refining templates it did not write', () => {
  const starter = getStarter('invoice') as unknown as TemplateContent;
  const invoice: TemplateContent = { ...starter, description: '', data_schema: null, validate_data: false, tags: [] };

  async function foreign(current: TemplateContent, instruction: string) {
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'refine', instruction, current, history: [] },
    });
    const { reply, template } = templateOf(answer);
    const result = await check({ template, data: template.sample_data });
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
    return { reply, next: template };
  }

  it('changes the accent colour, font, size, orientation and page size in its CSS and page', async () => {
    const { reply, next } = await foreign(invoice, 'make it green, use a serif font and landscape on A4, bigger text');
    expect(reply).toMatch(/changed the accent colour from #1f4e79 to green/i);
    expect(next.css).not.toContain('#1f4e79');
    expect(next.css).toContain('#2e7d32');
    expect(next.css).toContain('Georgia');
    expect(next.page).toMatchObject({ orientation: 'landscape', size: 'A4' });
    expect(next.css).toContain('font-size: 10.6pt');
  });

  it('renames, removes, adds and moves columns of its items table', async () => {
    const renamed = await foreign(invoice, 'rename Qty to Quantity');
    expect(headers(renamed.next.html)).toEqual(['Description', 'Quantity', 'Unit price', 'Amount']);
    const removed = await foreign(invoice, 'remove the unit price column');
    expect(headers(removed.next.html)).toEqual(['Description', 'Qty', 'Amount']);
    expect(removed.next.html).toContain('<td colspan="1" class="spacer"></td>');
    const added = await foreign(invoice, 'add a discount column');
    expect(headers(added.next.html)).toEqual(['Description', 'Qty', 'Unit price', 'Amount', 'Discount']);
    expect(added.next.html).toContain('{{ item.discount | money }}');
    const moved = await foreign(invoice, 'move the amount column to the start');
    expect(headers(moved.next.html)).toEqual(['Amount', 'Description', 'Qty', 'Unit price']);
  });

  it('adds sections, a logo and translates known labels', async () => {
    const terms = await foreign(invoice, 'add terms and a signature');
    expect(terms.next.html).toContain('q-terms');
    expect(terms.next.html).toContain('q-signatures');
    const fr = await foreign(invoice, 'translate into French');
    expect(fr.reply).toMatch(/^Translated \d+ labels into French/);
    expect(headers(fr.next.html)).toContain('Désignation');
    const logo = await foreign(getStarter('receipt') as unknown as TemplateContent, 'add a logo');
    expect(logo.reply).toMatch(/Added a logo|already has a logo/);
  });

  it('declines totals plainly and leaves the template as it was', async () => {
    const { reply, next } = await foreign(invoice, 'add totals');
    expect(reply).toMatch(/^I can't add totals to a table I didn't write/);
    expect(next.html).toBe(invoice.html.trim());
  });

  it('refines every document starter without breaking it', async () => {
    const instructions = [
      'make it purple and use a monospace font',
      'add page numbers',
      'add notes and a QR code',
      'translate into German',
      'make the text smaller, landscape',
      'add a logo',
    ];
    for (const starter of starters.filter((s) => s.kind === 'document')) {
      let current: TemplateContent = {
        ...(starter as unknown as TemplateContent),
        description: '',
        data_schema: null,
        validate_data: false,
        tags: [],
      };
      for (const instruction of instructions) {
        const { reply, next } = await foreign(current, instruction);
        expect(reply, `${starter.id}: ${instruction}`).not.toMatch(/^I couldn't|^I didn't/);
        current = next;
      }
      expect(current.page.orientation).toBe('landscape');
    }
  });

  it('edits the HTML directly when a generated template was edited since', async () => {
    const own = await generated('An invoice with columns description and amount');
    const edited = { ...own, html: own.html.replace('<h1>Invoice</h1>', '<h1>Invoice</h1>\n<p>Thanks!</p>') };
    const { reply, next } = await foreign(edited, 'rename Amount to Price');
    expect(reply).toMatch(/^Renamed "Amount" to "Price"\./);
    expect(reply).toMatch(/edited after I generated it/);
    expect(next.html).toContain('<p>Thanks!</p>');
    expect(headers(next.html)).toEqual(['Description', 'Price']);
  });

  it('renders a refined page for a person to look at', async () => {
    const own = await generated(
      'Une facture avec les colonnes désignation, quantité, prix unitaire et montant, avec un logo',
    );
    const { next } = await refined(own, 'ajoute une signature et un code QR, en vert');
    const result = await renderAnswer(
      await provider.complete({
        messages: [],
        task: { kind: 'refine', instruction: 'make the text bigger', current: next, history: [] },
      }),
    );
    expect(savePng(result.bytes, 'refined-facture')).toMatch(/\.(png|pdf)$/);
  });
});
