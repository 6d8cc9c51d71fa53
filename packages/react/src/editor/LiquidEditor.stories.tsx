import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, type within } from 'storybook/test';
import { letterDraft } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import { LiquidEditor, type LiquidEditorProps } from './LiquidEditor';

const meta = {
  title: 'Parts/LiquidEditor',
  component: LiquidEditor,
  args: { value: letterDraft.html, data: letterDraft.sample_data, label: 'Letter body', onChange: fn() },
  // The editor holds its text: the story keeps it in state, as a host does.
  render: function Render(args) {
    const [value, setValue] = useState(args.value ?? '');
    return (
      <div style={{ height: 320, display: 'flex' }}>
        <LiquidEditor
          {...args}
          value={value}
          onChange={(next) => {
            setValue(next);
            args.onChange?.(next);
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof LiquidEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** CodeMirror is a lazy chunk: the editor shows once it has loaded. */
const editorOf = (canvas: ReturnType<typeof within>, name: string) =>
  canvas.findByRole('textbox', { name }, { timeout: 10_000 });

/** Alone, with a value, an onChange and sample data for completion and hovers. */
export const Standalone: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const editor = await editorOf(canvas, 'Letter body');
    await expect(editor).toHaveTextContent('Welcome, {{ customer.name }}');
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}{End}{/Control}<p>Bye</p>');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(expect.stringContaining('<p>Bye</p>')));
  },
};

/** Liquid that does not parse is marked where the error is. */
export const LiquidError: Story = {
  args: { value: '<h1>{{ title }}</h1>\n{% if paid %}\n<p>Paid</p>\n', label: 'Receipt body' },
  play: async ({ canvas, canvasElement }) => {
    await editorOf(canvas, 'Receipt body');
    await waitFor(() => expect(canvasElement.querySelector('.cm-lintRange-error')).not.toBeNull(), { timeout: 5000 });
  },
};

/** Without onChange the text can be read, not changed. */
export const ReadOnly: Story = {
  args: { readOnly: true, label: 'Letter body (read only)' },
  play: async ({ canvas }) => {
    await expect(await editorOf(canvas, 'Letter body (read only)')).toHaveAttribute('contenteditable', 'false');
  },
};

/** The CSS of a template. */
export const Css: Story = {
  args: { part: 'css', value: 'h1 {\n  color: #0b5cad;\n  font-size: 28px;\n}\n', label: undefined, data: undefined },
  play: async ({ canvas }) => {
    await expect(await editorOf(canvas, 'CSS editor')).toHaveTextContent('color: #0b5cad;');
  },
};

/** Nothing written yet. */
export const Empty: Story = {
  args: { value: '', label: 'New template body' },
  play: async ({ canvas }) => {
    await expect(await editorOf(canvas, 'New template body')).toBeVisible();
  },
};

export const Dark: Story = { ...Standalone, globals: { theme: 'dark' } };

/** Inside a builder, an editor edits one part of the builder's draft: here the footer. */
export const InBuilder: Story = {
  args: { part: 'footer_html', value: undefined, data: undefined, label: undefined },
  render: (args: LiquidEditorProps) => (
    <TemplateBuilder
      defaultValue={{ ...letterDraft, footer_html: '<p>Page {{ page_number }} of {{ page_count }}</p>' }}
    >
      <div style={{ height: 240, display: 'flex' }}>
        <LiquidEditor part={args.part} />
      </div>
    </TemplateBuilder>
  ),
  play: async ({ canvas }) => {
    await expect(await editorOf(canvas, 'Footer editor')).toHaveTextContent('Page {{ page_number }}');
  },
};
