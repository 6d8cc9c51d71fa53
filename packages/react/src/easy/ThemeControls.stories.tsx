import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, waitFor } from 'storybook/test';
import { invoiceDraft, letterDraft } from '../__fixtures__/stories/templates';
import type { TemplateDraft } from '../builder/types';
import { ThemeControls, type ThemeControlsProps } from './ThemeControls';

/** The controls with a host that keeps the draft, as Easy Mode does. */
function Kept(props: ThemeControlsProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ThemeControls
      {...props}
      value={value}
      onChange={(next, fields) => {
        setValue(next);
        props.onChange(next, fields);
      }}
    />
  );
}

const meta = {
  title: 'Parts/ThemeControls',
  component: ThemeControls,
  args: { value: invoiceDraft, onChange: fn() },
  render: (args) => <Kept {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ThemeControls>;

export default meta;
type Story = StoryObj<typeof meta>;

const last = (onChange: unknown) => {
  const [draft, fields] = (onChange as ReturnType<typeof fn>).mock.lastCall ?? [];
  return { draft: draft as TemplateDraft, fields: fields as (keyof TemplateDraft)[] };
};

/** A real PNG, drawn on a canvas: what someone picks as their logo. */
async function pngFile(name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 24;
  canvas.height = 24;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.fillStyle = '#0b5cad';
  context.fillRect(0, 0, 24, 24);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

const logoInput = (canvasElement: HTMLElement) => canvasElement.querySelector('input[type="file"]') as HTMLInputElement;

/** The invoice's accent colour, found in its CSS; a new one replaces it wherever it is written. */
export const Accent: Story = {
  play: async ({ canvas, args }) => {
    const accent = canvas.getByLabelText('Accent colour');
    await expect(accent).toHaveValue('#1f4e79');
    fireEvent.change(accent, { target: { value: '#b03a2e' } });
    const { draft, fields } = last(args.onChange);
    await expect(fields).toContain('css');
    await expect(draft.css).toContain('#b03a2e');
    await expect(draft.css.toLowerCase()).not.toContain('#1f4e79');
    await expect(canvas.getByLabelText('Accent colour')).toHaveValue('#b03a2e');
  },
};

/** The font (one of the bundled families) and the page, each changing only what it names. */
export const FontAndPage: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Font' }), 'mono');
    await expect(last(args.onChange).fields).toEqual(['css']);
    await expect(last(args.onChange).draft.css).toContain('"Noto Sans Mono"');
    await expect(last(args.onChange).draft.html).toBe(invoiceDraft.html);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Size' }), 'Letter');
    await expect(last(args.onChange)).toMatchObject({ fields: ['page'], draft: { page: { size: 'Letter' } } });
    await userEvent.click(canvas.getByRole('radio', { name: 'Landscape' }));
    await expect(last(args.onChange).draft.page).toMatchObject({ size: 'Letter', orientation: 'landscape' });
    await expect(canvas.getByRole('radio', { name: 'Landscape' })).toBeChecked();
  },
};

/** A logo uploaded goes into the template as a data URI, and shows as a thumbnail. */
export const Logo: Story = {
  args: { value: letterDraft },
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    await expect(canvas.queryByRole('img', { name: 'The template’s logo' })).toBeNull();
    await userEvent.upload(logoInput(canvasElement), await pngFile('brightline.png'));
    await waitFor(() => expect(last(args.onChange).fields).toEqual(['html']));
    await expect(last(args.onChange).draft.html).toMatch(/^<img class="logo" src="data:image\/png;base64,[\w+/=]+"/);
    await expect(await canvas.findByRole('img', { name: 'The template’s logo' })).toBeVisible();
    await expect(canvas.getByText('Replace the logo')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove the logo' }));
    await expect(last(args.onChange).draft.html).toBe(letterDraft.html);
  },
};

/** A file that is not a PNG, JPEG or SVG: refused, and the template is left as it was. */
export const LogoRefused: Story = {
  args: { value: letterDraft },
  play: async ({ canvas, canvasElement, args }) => {
    // As picked with "All files" in the system's dialog, past the input's `accept`.
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'logo.gif', { type: 'image/gif' });
    fireEvent.change(logoInput(canvasElement), { target: { files: [gif] } });
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The logo must be a PNG, JPEG or SVG image.');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** A template with no colour of its own yet: choosing one colours the headings. */
export const NoAccentYet: Story = {
  args: { value: { name: 'Notice', html: '<h1>Office closed</h1>\n<p>On Friday.</p>\n', css: '' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No accent colour yet: choosing one colours the headings.')).toBeVisible();
    fireEvent.change(canvas.getByLabelText('Accent colour'), { target: { value: '#2e7d32' } });
    await expect(last(args.onChange)).toMatchObject({ fields: ['css'] });
    await expect(last(args.onChange).draft.css).toContain('#2e7d32');
    await expect(canvas.queryByText('No accent colour yet: choosing one colours the headings.')).toBeNull();
  },
};

/** Read only: every control shows the template's values and none can be used. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText('Accent colour')).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Font' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Size' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Portrait' })).toBeDisabled();
    await expect(logoInput(canvasElement)).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText('Accent colour')).toHaveValue('#1f4e79');
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};
