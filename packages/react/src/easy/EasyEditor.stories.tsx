import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, waitFor, within } from 'storybook/test';
import { invoiceDraft, letterDraft } from '../__fixtures__/stories/templates';
import type { TemplateDraft } from '../builder/types';
import { EasyEditor } from './EasyEditor';

const meta = {
  title: 'Parts/EasyEditor',
  component: EasyEditor,
  parameters: { layout: 'fullscreen' },
  args: { defaultValue: invoiceDraft, debounceMs: 0, onChange: fn(), onOpenBossMode: fn() },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh', display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EasyEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
/** What the invoice starter's sample data holds, as far as the stories read it. */
type InvoiceData = { customer: { name: string }; invoice: { items: unknown[] } };
type Spy = ReturnType<typeof fn>;

/** The preview's document, once it has been drawn with its elements tagged for picking. */
async function previewDocument(canvasElement: HTMLElement): Promise<Document> {
  let found: Document | null = null;
  await waitFor(
    () => {
      const frame = canvasElement.querySelector<HTMLIFrameElement>('iframe[title^="Preview of the report"]');
      const doc = frame?.contentDocument;
      expect(doc?.querySelector('[data-quire-node]')).not.toBeNull();
      found = doc ?? null;
    },
    { timeout: 10_000 },
  );
  return found as unknown as Document;
}

/** The last draft the editor handed to the host, and what the change was. */
const lastChange = (onChange: unknown) => {
  const calls = (onChange as Spy).mock.calls;
  const [draft, change] = calls[calls.length - 1] ?? [];
  return { draft: draft as TemplateDraft, change };
};

/**
 * A click on an element of the preview, as the frame's own event (user-event drives the page's document only; a
 * pointer clicking into the frame is Easy Mode's browser test, EasyEditor.browser.test.ts).
 */
function clickInPreview(element: Element | null) {
  expect(element).not.toBeNull();
  (element as HTMLElement).click();
}

const selectInList = async (canvas: Canvas, userEvent: { click(e: Element): Promise<void> }, name: RegExp) => {
  const list = canvas.getByRole('navigation', { name: 'Elements' });
  await userEvent.click(within(list).getByRole('button', { name }));
};

/**
 * The invoice, its title clicked in the preview: the inspector shows its text and the colour it is drawn with;
 * a new text changes only that element in the source, and the preview redraws with it.
 */
export const SelectedElement: Story = {
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const doc = await previewDocument(canvasElement);
    clickInPreview(doc.querySelector('h1'));
    const inspector = await canvas.findByRole('region', { name: 'Selected: <h1>' });
    await waitFor(() => expect(doc.querySelector('h1')).toHaveAttribute('data-quire-selected'));
    const text = within(inspector).getByRole('textbox', { name: 'Text' });
    await expect(text).toHaveValue('Invoice');
    // The colour the preview draws it with: the starter's CSS makes the title navy.
    await expect(within(inspector).getByLabelText('Colour')).toHaveValue('#1f4e79');
    // Typed over the selected text: the title never goes empty on the way.
    await userEvent.type(text, 'Tax invoice', { initialSelectionStart: 0, initialSelectionEnd: 'Invoice'.length });
    const { draft, change } = lastChange(args.onChange);
    await expect(change).toEqual({ kind: 'text', fields: ['html'] });
    await expect(draft.html).toBe(invoiceDraft.html.replace('<h1>Invoice</h1>', '<h1>Tax invoice</h1>'));
    await expect(draft.css).toBe(invoiceDraft.css);
    await waitFor(async () =>
      expect((await previewDocument(canvasElement)).querySelector('h1')).toHaveTextContent('Tax invoice'),
    );
  },
};

/**
 * A row of the items loop, clicked in the preview: the loop and the data it prints show as locked chips; a
 * colour given to it applies to every row, written once in the template's row.
 */
export const LockedChips: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const doc = await previewDocument(canvasElement);
    const rows = doc.querySelectorAll('table.items tbody tr');
    await expect(rows.length).toBeGreaterThan(2);
    clickInPreview(rows[2]?.querySelector('.item-name') ?? null);
    const inspector = await canvas.findByRole('region', { name: 'Selected: <span>' });
    await expect(within(inspector).getByText('Repeated: for item in invoice.items')).toBeVisible();
    await expect(
      within(inspector).getByText('It is inside Liquid: a change here applies to every copy.'),
    ).toBeVisible();
    await expect(within(inspector).getByTitle('Printed from the data: item.description')).toHaveTextContent(
      '{{ item.description }}',
    );
    // Every copy of the row is outlined.
    await waitFor(() =>
      expect(doc.querySelectorAll('.item-name[data-quire-selected]')).toHaveLength(
        (invoiceDraft.sample_data as InvoiceData).invoice.items.length,
      ),
    );
    await expect(within(inspector).queryByRole('textbox', { name: 'Text' })).toBeNull();
    // A colour input takes its value from the picker, as a change event.
    fireEvent.change(within(inspector).getByLabelText('Colour'), { target: { value: '#aa0000' } });
    await waitFor(() =>
      expect(lastChange(args.onChange).draft.html).toContain(
        '<span class="item-name" style="color: #aa0000">{{ item.description }}</span>',
      ),
    );
  },
};

const lockedDraft = {
  ...letterDraft,
  html: '<h1>Welcome, {{ customer.name }}</h1>\n<p {% if customer.vip %}class="vip"{% endif %}>Thank you for choosing us.</p>\n',
};

/** What Easy Mode cannot write back says why, and offers Boss Mode at the element. */
export const LockedElement: Story = {
  args: { defaultValue: lockedDraft },
  play: async ({ canvas, args, userEvent }) => {
    await selectInList(canvas, userEvent, /^p Thank you for choosing us\.$/);
    const inspector = await canvas.findByRole('region', { name: 'Selected: <p>' });
    await expect(within(inspector).getByRole('note')).toHaveTextContent('Its tag is written with Liquid.');
    await expect(within(inspector).getByLabelText('Shown in the report')).toBeDisabled();
    await userEvent.click(within(inspector).getByRole('button', { name: 'Open in Boss Mode' }));
    await expect(args.onOpenBossMode).toHaveBeenCalledWith({ part: 'html', line: 2, column: 1 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Read only: everything shows, nothing can be changed. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas, args, userEvent }) => {
    await selectInList(canvas, userEvent, /^h1 Invoice$/);
    const inspector = await canvas.findByRole('region', { name: 'Selected: <h1>' });
    await expect(within(inspector).getByRole('textbox', { name: 'Text' })).toBeDisabled();
    await expect(within(inspector).getByLabelText('Colour')).toBeDisabled();
    await expect(within(inspector).getByLabelText('Shown in the report')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Start from a starter' })).toBeNull();
    await userEvent.click(canvas.getByRole('tab', { name: 'Theme' }));
    await expect(canvas.getByRole('combobox', { name: 'Font' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('tab', { name: 'Data' }));
    await expect(
      await canvas.findByText('The sample data cannot be changed here', {}, { timeout: 10_000 }),
    ).toBeVisible();
    const panel = canvas.getByRole('tabpanel', { name: 'Data' });
    await waitFor(() => expect(within(panel).getAllByRole('textbox').length).toBeGreaterThan(3), { timeout: 10_000 });
    for (const field of within(panel).getAllByRole('textbox')) await expect(field).toBeDisabled();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The sample data as a form drawn from what the template reads; a change redraws the preview with it. */
export const DataForm: Story = {
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Data' }));
    const panel = canvas.getByRole('tabpanel', { name: 'Data' });
    let field: HTMLInputElement | null = null;
    await waitFor(
      () => {
        field = panel.querySelector<HTMLInputElement>('input[id$="_customer_name"]');
        expect(field).toHaveValue('Cascade Outdoor Co.');
      },
      { timeout: 10_000 },
    );
    await userEvent.clear(field as unknown as HTMLInputElement);
    await userEvent.type(field as unknown as HTMLInputElement, 'Fabrikam Ltd');
    await waitFor(() => expect(lastChange(args.onChange).change).toEqual({ kind: 'data', fields: ['sample_data'] }));
    const data = lastChange(args.onChange).draft.sample_data as InvoiceData;
    await expect(data.customer.name).toBe('Fabrikam Ltd');
    await expect(data.invoice).toEqual((invoiceDraft.sample_data as InvoiceData).invoice);
    await expect(lastChange(args.onChange).draft.html).toBe(invoiceDraft.html);
    await waitFor(async () => expect((await previewDocument(canvasElement)).body).toHaveTextContent('Fabrikam Ltd'));
  },
};

/** The theme panel: the accent colour found in the template, its font and its page. */
export const ThemePanel: Story = {
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Theme' }));
    await expect(canvas.getByLabelText('Accent colour')).toHaveValue('#1f4e79');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Font' }), 'serif');
    await expect(lastChange(args.onChange).change).toEqual({ kind: 'theme', fields: ['css'] });
    await expect(lastChange(args.onChange).draft.css).toContain('"Noto Serif"');
    await waitFor(async () => {
      const doc = await previewDocument(canvasElement);
      const body = doc.querySelector('h1') as HTMLElement;
      expect(doc.defaultView?.getComputedStyle(body).fontFamily).toContain('Noto Serif');
    });
    await userEvent.click(canvas.getByRole('radio', { name: 'Landscape' }));
    await expect(lastChange(args.onChange).draft.page).toMatchObject({ orientation: 'landscape' });
    await expect(lastChange(args.onChange).draft.html).toBe(invoiceDraft.html);
  },
};

/** Asking the AI about the selected element sends that element's source with the request. */
export const AskAboutElement: Story = {
  args: { onAskAi: fn() },
  play: async ({ canvas, args, userEvent }) => {
    await selectInList(canvas, userEvent, /^h1 Invoice$/);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Ask the AI about this element' }), 'make it green');
    const inspector = canvas.getByRole('region', { name: 'Selected: <h1>' });
    await userEvent.click(within(inspector).getByRole('button', { name: 'Ask the AI' }));
    const prompt = (args.onAskAi as unknown as Spy).mock.calls[0]?.[0] as string;
    await expect(prompt).toMatch(/^make it green\n\nChange only this element of the HTML \(line \d+\)/);
    await expect(prompt.endsWith('<h1>Invoice</h1>')).toBe(true);
  },
};

/** While the AI works: its stage, and the AI controls wait. */
export const AiWorking: Story = {
  args: {
    onAskAi: fn(),
    aiStatus: { state: 'working', prompt: 'Make the title blue', stage: 'checking', text: '' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking the AI’s template…');
    await expect(canvas.getByRole('textbox', { name: 'Describe a change to the AI' })).toBeDisabled();
  },
};

/** "Start from a starter": the gallery (the service's starters), and the one picked replaces the content. */
export const StartFromStarter: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start from a starter' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Start from a starter' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Use this starter: Receipt' }));
    await waitFor(() => expect(lastChange(args.onChange).change).toMatchObject({ kind: 'starter' }));
    await expect(lastChange(args.onChange).draft.html).toContain('receipt');
    await expect(lastChange(args.onChange).draft.name).toBe(invoiceDraft.name);
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

/** Liquid that does not close: Easy Mode cannot point at that part's elements, and offers Boss Mode to fix it. */
export const BrokenLiquid: Story = {
  args: {
    defaultValue: { ...letterDraft, html: '<h1>Welcome</h1>\n<p>Your plan: {{ plan.name </p>\n' },
  },
  play: async ({ canvas, args, userEvent }) => {
    const note = await canvas.findByRole('note');
    await expect(note).toHaveTextContent('Part of the template has Liquid or a tag that does not close');
    await userEvent.click(within(note).getByRole('button', { name: 'Open in Boss Mode' }));
    await expect(args.onOpenBossMode).toHaveBeenCalledWith({ part: 'html', line: 1, column: 1 });
    // The preview says what the Liquid engine found.
    await expect(canvas.getByRole('alert')).toHaveTextContent(/^Error in the HTML/);
  },
};

/** An email template: Easy Mode edits documents, and says so. */
export const Email: Story = {
  args: { defaultValue: { ...letterDraft, kind: 'email' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent('Easy Mode edits documents.');
    await expect(canvas.queryByTitle(/^Preview of the report/)).toBeNull();
  },
};

export const Dark: Story = {
  ...SelectedElement,
  globals: { theme: 'dark' },
};
