import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { letterDraft } from '../__fixtures__/stories/templates';
import { TemplatePreview } from '../preview/TemplatePreview';
import { Button } from '../ui/Button';
import { QuireRoot } from './QuireRoot';

const meta = {
  title: 'Setup/QuireRoot',
  component: QuireRoot,
  args: { label: 'Quire', children: null },
  render: (args) => (
    <QuireRoot {...args} style={{ padding: 16, ...args.style }}>
      <p>Text, secondary text and controls in the theme&apos;s colours.</p>
      <p className="quire-muted">Secondary text</p>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button variant="primary">Publish</Button>
        <Button>Save</Button>
        <Button variant="ghost">Undo</Button>
      </div>
      <div style={{ height: 280, display: 'flex', marginTop: 16 }}>
        <TemplatePreview draft={letterDraft} />
      </div>
    </QuireRoot>
  ),
} satisfies Meta<typeof QuireRoot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The scoping element: every Quire rule hangs on it, and its class says the theme. */
export const Light: Story = {
  args: { theme: 'light' },
  play: async ({ canvas }) => {
    const root = canvas.getByRole('region', { name: 'Quire' });
    await expect(root).toHaveClass('quire-root', 'quire-theme-light');
  },
};

export const Dark: Story = {
  args: { theme: 'dark' },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Quire' })).toHaveClass('quire-theme-dark');
  },
};

/** A host's own colours: the theme's CSS variables, set on the root. */
export const HostColours: Story = {
  args: {
    theme: 'light',
    style: { '--quire-accent': '#7a1f5c', '--quire-focus': '#7a1f5c', '--quire-radius': '2px' } as React.CSSProperties,
  },
  play: async ({ canvas }) => {
    const publish = canvas.getByRole('button', { name: 'Publish' });
    await expect(getComputedStyle(publish).backgroundColor).toBe('rgb(122, 31, 92)');
  },
};
