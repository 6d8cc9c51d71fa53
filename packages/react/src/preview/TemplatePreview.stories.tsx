import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { invoiceDraft, letterDraft } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import { TemplatePreview, type TemplatePreviewProps } from './TemplatePreview';

const meta = {
  title: 'Parts/TemplatePreview',
  component: TemplatePreview,
  args: { draft: invoiceDraft, onRender: fn(), onFormatChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ height: 560, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TemplatePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

const srcdoc = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('iframe[title="Preview of the report"]')?.getAttribute('srcdoc') ?? '';

/** The invoice starter rendered with its sample data, in a sandboxed frame. */
export const Invoice: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(srcdoc(canvasElement)).toContain('Brightline Analytics LLC'));
    // Sandboxed: nothing in the template runs.
    await expect(canvasElement.querySelector('iframe')?.getAttribute('sandbox')).not.toContain('allow-scripts');
    await expect(args.onRender).toHaveBeenCalledWith(expect.objectContaining({ format: 'html', pages: null }));
  },
};

/** Data of its own instead of the draft's sample. */
export const WithData: Story = {
  args: {
    draft: letterDraft,
    data: { customer: { name: 'Grace Hopper' }, plan: { name: 'Starter', price: 19, features: [] } },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(srcdoc(canvasElement)).toContain('Welcome, Grace Hopper'));
  },
};

/** Liquid that cannot render: the error, its part and line. */
export const LiquidError: Story = {
  args: { draft: { ...letterDraft, html: '<h1>{{ customer.name }}</h1>\n<p>{{ plan.price | nope }}</p>' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error in the HTML, line 2: undefined filter: nope',
    );
  },
};

function Breakable(props: TemplatePreviewProps) {
  const [broken, setBroken] = useState(false);
  const draft = broken ? { ...letterDraft, html: `${letterDraft.html}<p>{{ plan.price | nope }}</p>` } : letterDraft;
  return (
    <>
      <button type="button" onClick={() => setBroken(!broken)} style={{ alignSelf: 'start' }}>
        {broken ? 'Mend the Liquid' : 'Break the Liquid'}
      </button>
      <TemplatePreview {...props} draft={draft} debounceMs={10} />
    </>
  );
}

/** While the Liquid is broken the last render that worked stays, under the error. */
export const KeepsLastRender: Story = {
  render: (args) => <Breakable {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(srcdoc(canvasElement)).toContain('Welcome, Ada Lovelace'));
    await userEvent.click(canvas.getByRole('button', { name: 'Break the Liquid' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Showing the last preview that rendered');
    await expect(srcdoc(canvasElement)).toContain('Welcome, Ada Lovelace');
    await userEvent.click(canvas.getByRole('button', { name: 'Mend the Liquid' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

/** A template with nothing in it yet: an empty page. */
export const Empty: Story = {
  args: { draft: { name: 'Untitled template', html: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTitle('Preview of the report')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A US Letter page in landscape, with a header and footer. */
export const PageSetup: Story = {
  args: {
    draft: {
      ...letterDraft,
      header_html: '<p>Brightline Analytics</p>',
      footer_html: '<p>Page {{ page_number }} of {{ page_count }}</p>',
      page: { size: 'Letter', orientation: 'landscape' },
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(srcdoc(canvasElement)).toContain('Page 1 of 1'));
    await expect(srcdoc(canvasElement)).toContain('width:279.4mm');
  },
};

export const Dark: Story = { ...Invoice, globals: { theme: 'dark' } };

/** Inside a builder it shows the builder's draft. */
export const InBuilder: Story = {
  args: { draft: undefined },
  render: () => (
    <TemplateBuilder defaultValue={letterDraft}>
      <TemplatePreview />
    </TemplateBuilder>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(srcdoc(canvasElement)).toContain('Welcome, Ada Lovelace'));
  },
};
