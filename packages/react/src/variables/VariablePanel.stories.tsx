import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { invoiceDraft, letterDraft } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { ChangeInfo, TemplateDraft, TemplateDraftInput } from '../builder/types';
import { VariablePanel, type VariablePanelProps } from './VariablePanel';

/** The panel's props, and the builder's onChange, to see what a click inserts. */
type Args = VariablePanelProps & { onChange?: (draft: TemplateDraft, info: ChangeInfo) => void };

/** The panel reads the builder around it: each story gives the builder a draft. */
const inBuilder = (draft: TemplateDraftInput) => ({
  render: (args: Args) => (
    <TemplateBuilder defaultValue={draft} onChange={args.onChange}>
      <div style={{ width: 320, height: 520, display: 'flex', flexDirection: 'column' }}>
        <VariablePanel searchable={args.searchable} />
      </div>
    </TemplateBuilder>
  ),
});

const meta = {
  title: 'Parts/VariablePanel',
  component: VariablePanel,
  args: { onChange: fn() },
  ...inBuilder(invoiceDraft),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The invoice's data: objects, lists and their fields, with types and sample values. */
export const Invoice: Story = {
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Variables' });
    await expect(within(panel).getByRole('button', { name: 'Insert invoice.number' })).toBeVisible();
    await expect(panel).toHaveTextContent('INV-2026-0142');
  },
};

/** Finding a variable by a part of its path. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a variable' }), 'routing');
    await expect(canvas.getByRole('button', { name: 'Insert company.bank.routing_number' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Insert invoice.number' })).toBeNull();
  },
};

/** A click adds the variable to the template (at the end of the body, with no editor open). */
export const InsertVariable: Story = {
  ...inBuilder(letterDraft),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Insert customer.name' }));
    await waitFor(() =>
      expect(args.onChange).toHaveBeenCalledWith(
        expect.objectContaining({ html: expect.stringContaining('{{ customer.name }}') }),
        expect.objectContaining({ source: 'api', fields: ['html'] }),
      ),
    );
  },
};

/** A template that reads no data yet. */
export const Empty: Story = {
  ...inBuilder({ name: 'Untitled template', html: '<h1>Hello</h1>' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The template uses no variables yet.')).toBeVisible();
  },
};

/** Variables the template prints that the sample data lacks. */
export const NoSampleValues: Story = {
  ...inBuilder({ name: 'Receipt', html: '<p>{{ receipt.number }}: {{ receipt.total | money }}</p>' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Variables' })).toHaveTextContent('no sample');
  },
};

export const WithoutSearch: Story = {
  args: { searchable: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('searchbox')).toBeNull();
  },
};

export const Dark: Story = { ...Invoice, globals: { theme: 'dark' } };
