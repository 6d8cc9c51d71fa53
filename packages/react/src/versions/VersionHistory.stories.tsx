import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fakeService, type QuireParameters } from '../__fixtures__/stories/quire';
import { INVOICE_ID, invoiceTemplate, letterDraft } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { Permissions } from '../builder/types';
import type { BuilderError } from '../errors/builder-error';
import { VersionHistory, type VersionHistoryProps } from './VersionHistory';

type Args = VersionHistoryProps & {
  templateId?: string;
  permissions?: Partial<Permissions>;
  onError?: (error: BuilderError) => void;
  onPublish?: () => void;
};

const meta = {
  title: 'Parts/VersionHistory',
  component: VersionHistory,
  parameters: { quire: { templates: [invoiceTemplate] } satisfies QuireParameters },
  args: { templateId: INVOICE_ID, onError: fn(), onPublish: fn() },
  // The history is of the builder's template: the story puts it in a builder backed by the fake Quire.
  render: ({ templateId, permissions, onError, onPublish, ...props }: Args) => (
    <TemplateBuilder
      templateId={templateId}
      defaultValue={templateId ? undefined : letterDraft}
      permissions={permissions}
      onError={onError}
      onPublish={onPublish}
    >
      <div style={{ maxWidth: 560 }}>
        <VersionHistory {...props} />
      </div>
    </TemplateBuilder>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

const versionItems = async (canvas: ReturnType<typeof within>) => {
  const region = await canvas.findByRole('region', { name: 'Versions' });
  await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
  return within(region).getAllByRole('listitem');
};

/** Newest first, with their messages; the published one is marked. */
export const History: Story = {
  play: async ({ canvas }) => {
    const [third, second, first] = await versionItems(canvas);
    await expect(third).toHaveTextContent('Version 3');
    await expect(third).toHaveTextContent('Navy title');
    await expect(second).toHaveTextContent('Published');
    await expect(first).toHaveTextContent('Created from the Invoice starter');
  },
};

/** A version beside the draft, part by part. */
export const CompareWithDraft: Story = {
  play: async ({ canvas, userEvent }) => {
    const [, , first] = await versionItems(canvas);
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Compare with the draft' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Version 1 (left) and the draft (right)' });
    await expect(await within(dialog).findByRole('tab', { name: /CSS/ }, { timeout: 10_000 })).toBeVisible();
  },
};

/** Restoring saves the old content as a new, published version. */
export const Restore: Story = {
  play: async ({ canvas, userEvent, loaded }) => {
    const [, , first] = await versionItems(canvas);
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Restore' }));
    const region = canvas.getByRole('region', { name: 'Versions' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(4));
    const [restored] = within(region).getAllByRole('listitem');
    await expect(restored).toHaveTextContent('Version 4');
    await expect(restored).toHaveTextContent('Restored version 1');
    await expect(restored).toHaveTextContent('Published');
    await expect(fakeService({ loaded }).template(INVOICE_ID)).toMatchObject({
      latest_version: 4,
      published_version: 4,
    });
  },
};

/** Publishing an older version makes it the one reports use. */
export const PublishVersion: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const [third] = await versionItems(canvas);
    await userEvent.click(within(third as HTMLElement).getByRole('button', { name: 'Publish this version' }));
    await waitFor(() => expect(args.onPublish).toHaveBeenCalledWith(expect.objectContaining({ version: 3 })));
  },
};

/** Without save and publish permissions the history can be read and compared only. */
export const ReadOnly: Story = {
  args: { permissions: { save: false, publish: false } },
  play: async ({ canvas }) => {
    const [third] = await versionItems(canvas);
    await expect(within(third as HTMLElement).getByRole('button', { name: 'Compare with the draft' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Restore' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Publish this version' })).toBeNull();
  },
};

/** A builder on a local draft has no history. */
export const WithoutTemplate: Story = {
  args: { templateId: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Versions appear once the template is saved to Quire.')).toBeVisible();
  },
};

/** The history cannot be read: the error reaches onError (the list keeps saying it loads). */
export const ListFails: Story = {
  parameters: {
    quire: {
      templates: [invoiceTemplate],
      overrides: [{ method: 'GET', path: `/v1/templates/${INVOICE_ID}/versions`, error: 'internal_error' }],
    } satisfies QuireParameters,
  },
  play: async ({ canvas, args }) => {
    await waitFor(() =>
      expect(args.onError).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'internal_error', action: 'versions', status: 500 }),
      ),
    );
    await expect(canvas.getByText('Loading versions…')).toBeVisible();
  },
};

export const Dark: Story = { ...History, globals: { theme: 'dark' } };
