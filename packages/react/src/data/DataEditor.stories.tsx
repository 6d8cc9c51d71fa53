import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, type within } from 'storybook/test';
import { letterDraft } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import { DataEditor } from './DataEditor';

/** The JSON Schema of the letter's data, as the service infers it. */
const letterSchema = {
  type: 'object',
  properties: {
    customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    plan: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        price: { type: 'number' },
        features: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'price', 'features'],
    },
  },
  required: ['customer', 'plan'],
};

const meta = {
  title: 'Parts/DataEditor',
  component: DataEditor,
  args: { value: letterDraft.sample_data, schema: letterSchema, onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <div style={{ height: 420, display: 'flex', flexDirection: 'column' }}>
        <DataEditor
          {...args}
          value={value}
          onChange={
            args.onChange &&
            ((next) => {
              setValue(next);
              args.onChange?.(next);
            })
          }
        />
      </div>
    );
  },
} satisfies Meta<typeof DataEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const jsonEditor = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('textbox', { name: 'Sample data (JSON)' }, { timeout: 10_000 });

/** Sample data that matches the template's schema. */
export const Valid: Story = {
  play: async ({ canvas }) => {
    await expect(await jsonEditor(canvas)).toHaveTextContent('"Ada Lovelace"');
    await expect(canvas.getByText('Matches the template')).toBeVisible();
  },
};

/** What the template prints that the data lacks, values of the wrong type, and data it never uses. */
export const Mismatched: Story = {
  args: {
    value: { customer: {}, plan: { name: 'Professional', price: 'forty-nine', features: [] }, coupon: 'SPRING' },
  },
  play: async ({ canvas }) => {
    await jsonEditor(canvas);
    await expect(canvas.getByText('Missing customer.name, which the template prints')).toBeVisible();
    await expect(canvas.getByText('plan.price is string; the template uses it as number')).toBeVisible();
    await expect(canvas.getByText('coupon is not used by the template')).toBeVisible();
  },
};

/** Typing JSON that does not parse: marked at its line, and the data stays as it was. */
export const InvalidJson: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const editor = await jsonEditor(canvas);
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}{End}{/Control},');
    await expect(await canvas.findByText(/^Not valid JSON: /)).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('.cm-lintRange-error, .cm-lint-marker-error')).not.toBeNull(),
    );
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Without onChange the data can be read, not changed. */
export const ReadOnly: Story = {
  args: { onChange: undefined, readOnly: true },
  play: async ({ canvas }) => {
    await expect(await jsonEditor(canvas)).toHaveAttribute('contenteditable', 'false');
    await expect(canvas.getByText('The sample data cannot be changed here')).toBeVisible();
  },
};

/** No sample data yet. */
export const Empty: Story = {
  args: { value: {}, schema: { type: 'object' } },
  play: async ({ canvas }) => {
    await expect(await jsonEditor(canvas)).toHaveTextContent('{}');
    await expect(canvas.getByText('Matches the template')).toBeVisible();
  },
};

export const Dark: Story = { ...Mismatched, globals: { theme: 'dark' } };

/** Inside a builder it edits the builder's sample data, checked against the schema the template implies. */
export const InBuilder: Story = {
  args: { value: undefined, schema: undefined, onChange: undefined },
  render: () => (
    <TemplateBuilder defaultValue={{ ...letterDraft, sample_data: { customer: { name: 'Ada Lovelace' } } }}>
      <div style={{ height: 420, display: 'flex', flexDirection: 'column' }}>
        <DataEditor />
      </div>
    </TemplateBuilder>
  ),
  play: async ({ canvas }) => {
    await jsonEditor(canvas);
    await expect(canvas.getByText('Missing plan, which the template prints')).toBeVisible();
  },
};
