import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fakeService, type QuireParameters } from '../__fixtures__/stories/quire';
import {
  BLANK_ID,
  blankTemplate,
  INVOICE_ID,
  invoiceTemplate,
  letterDraft,
  MISSING_ID,
} from '../__fixtures__/stories/templates';
import { LiquidEditor } from '../editor/LiquidEditor';
import { TemplatePreview } from '../preview/TemplatePreview';
import { VariablePanel } from '../variables/VariablePanel';
import { TemplateBuilder } from './TemplateBuilder';
import type { TemplateDraftInput } from './types';
import { useTemplateBuilder } from './useTemplateBuilder';

const quire = (parameters: QuireParameters) => ({ quire: parameters });

const meta = {
  title: 'Builder/TemplateBuilder',
  component: TemplateBuilder,
  parameters: { layout: 'fullscreen', ...quire({ templates: [invoiceTemplate, blankTemplate] }) },
  args: {
    templateId: INVOICE_ID,
    style: { height: '100vh' },
    onChange: fn(),
    onSave: fn(),
    onPublish: fn(),
    onModeChange: fn(),
    onError: fn(),
  },
} satisfies Meta<typeof TemplateBuilder>;

export default meta;
type Story = StoryObj<typeof meta>;

const nameField = (canvas: ReturnType<typeof within>) => canvas.findByRole('textbox', { name: 'Template name' });
const saveState = (canvasElement: HTMLElement) => canvasElement.querySelector('.quire-save-state');

/** Easy Mode on a saved template: the preview to click, the element list, the AI and the starters. */
export const EasyMode: Story = {
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await nameField(canvas)).toHaveValue('Invoice (Brightline)'));
    await expect(canvas.getByRole('switch', { name: 'Boss Mode' })).not.toBeChecked();
    await expect(canvas.getByTitle(/^Preview of the report/)).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Elements' })).toBeVisible();
    await expect(canvas.getByLabelText('Describe a change to the AI')).toBeVisible();
  },
};

/** Boss Mode: the code editors, the sample data, page settings and versions beside the preview. */
export const BossMode: Story = {
  args: { defaultMode: 'boss' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'HTML editor' }, { timeout: 10_000 })).toBeVisible();
    for (const tab of ['HTML', 'CSS', 'Header', 'Footer', 'Sample data', 'Page', 'Versions']) {
      await expect(canvas.getByRole('tab', { name: tab })).toBeVisible();
    }
  },
};

/** The switch between the two modes keeps the draft; the host hears of each switch. */
export const SwitchingModes: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await waitFor(async () => expect(await nameField(canvas)).toHaveValue('Invoice (Brightline)'));
    await userEvent.click(canvas.getByRole('switch', { name: 'Boss Mode' }));
    await expect(await canvas.findByRole('textbox', { name: 'HTML editor' }, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Boss Mode' }));
    await expect(args.onModeChange).toHaveBeenNthCalledWith(1, 'boss');
    await expect(args.onModeChange).toHaveBeenNthCalledWith(2, 'easy');
    await expect(canvas.getByText('Switched to Easy Mode')).toBeInTheDocument();
  },
};

export const DarkEasyMode: Story = { ...EasyMode, globals: { theme: 'dark' } };
export const DarkBossMode: Story = { ...BossMode, globals: { theme: 'dark' } };

/** While the template loads. */
export const Loading: Story = {
  parameters: quire({
    templates: [invoiceTemplate],
    overrides: [{ method: 'GET', path: `/v1/templates/${INVOICE_ID}`, hang: true }],
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the template…');
    await expect(await nameField(canvas)).toBeDisabled();
  },
};

/** A template that is not there: the API's message, and a way to try again. */
export const NotFound: Story = {
  args: { templateId: MISSING_ID },
  play: async ({ canvas, args }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The template could not be loaded.');
    await expect(alert).toHaveTextContent('No such template.');
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'template_not_found', action: 'load', status: 404 }),
    );
  },
};

/** The service cannot be reached at first; Try again loads the template once it can. */
export const ConnectionLostThenRetried: Story = {
  parameters: quire({
    templates: [invoiceTemplate],
    overrides: [{ method: 'GET', path: `/v1/templates/${INVOICE_ID}`, connectionError: true, times: 1 }],
  }),
  play: async ({ canvas, args, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not reach Quire. Check the connection and try again.');
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'connection_error' }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await nameField(canvas)).toHaveValue('Invoice (Brightline)'));
  },
};

/** Saving makes a draft version; publishing makes it the one reports use. */
export const SaveAndPublish: Story = {
  play: async ({ canvas, canvasElement, args, userEvent, loaded }) => {
    const name = await nameField(canvas);
    await waitFor(() => expect(name).toHaveValue('Invoice (Brightline)'));
    await userEvent.type(name, ' 2027');
    await expect(saveState(canvasElement)).toHaveTextContent('Unsaved changes');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
    await expect(saveState(canvasElement)).toHaveTextContent('Saved');
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(args.onPublish).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
    const saved = fakeService({ loaded }).template(INVOICE_ID);
    await expect(saved).toMatchObject({ name: 'Invoice (Brightline) 2027', latest_version: 4, published_version: 4 });
  },
};

/** The plan's template limit is reached: the save fails with the API's code, and the changes stay unsaved. */
export const SaveRefusedByPlan: Story = {
  parameters: quire({
    templates: [invoiceTemplate],
    overrides: [{ method: 'PATCH', path: `/v1/templates/${INVOICE_ID}`, error: 'plan_limit_exceeded' }],
  }),
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const name = await nameField(canvas);
    await waitFor(() => expect(name).toHaveValue('Invoice (Brightline)'));
    await userEvent.type(name, ' 2027');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(args.onError).toHaveBeenCalledWith(
        expect.objectContaining({
          code: 'plan_limit_exceeded',
          action: 'save',
          status: 402,
          message: 'Your Free plan allows 2 templates. Upgrade your plan to continue.',
        }),
      ),
    );
    await expect(saveState(canvasElement)).toHaveTextContent('Unsaved changes');
  },
};

/** Publishing Liquid that does not parse: the service refuses it, naming the part and the line. */
export const PublishRefusedForSyntax: Story = {
  args: {
    defaultMode: 'boss',
    onReady: (api) => void api.setDraft({ html: '<p>{% if paid %}Paid</p>' }, { merge: true }),
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('textbox', { name: 'HTML editor' }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Publish' })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(args.onError).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'template_syntax_error', action: 'publish', status: 422 }),
      ),
    );
  },
};

/** Nothing may be changed: no Boss Mode, no Save or Publish, read-only data. */
export const ReadOnly: Story = {
  args: { permissions: { save: false, publish: false, editCode: false, ai: false, editData: false } },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await nameField(canvas)).toHaveValue('Invoice (Brightline)'));
    await expect(canvas.queryByRole('switch', { name: 'Boss Mode' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Publish' })).toBeNull();
  },
};

/** A template saved with nothing in it yet. */
export const EmptyTemplate: Story = {
  args: { templateId: BLANK_ID },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await nameField(canvas)).toHaveValue('Untitled template'));
    await expect(within(canvas.getByRole('navigation', { name: 'Elements' })).queryAllByRole('button')).toEqual([]);
  },
};

/** Without a template in Quire: the host holds the draft, and Save hands it over. */
export const LocalDraft: Story = {
  args: { templateId: undefined, defaultValue: letterDraft },
  play: async ({ canvas, args, userEvent, loaded }) => {
    const name = await nameField(canvas);
    await expect(name).toHaveValue('Welcome letter');
    await expect(canvas.queryByRole('button', { name: 'Publish' })).toBeNull();
    await userEvent.type(name, '!');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        template: null,
        version: null,
        draft: expect.objectContaining({ name: 'Welcome letter!' }),
      }),
    );
    await expect(fakeService({ loaded }).requests).toEqual([]);
  },
};

/** Controlled: the host holds the draft in its state and passes it back. */
export const Controlled: Story = {
  args: { templateId: undefined },
  render: function Render(args) {
    const [draft, setDraft] = useState<TemplateDraftInput>(letterDraft);
    return (
      <TemplateBuilder
        {...args}
        value={draft}
        onChange={(next, info) => {
          setDraft(next);
          args.onChange?.(next, info);
        }}
      />
    );
  },
  play: async ({ canvas, args, userEvent }) => {
    const name = await nameField(canvas);
    // Typed over the whole name (a name is never empty: a controlled value without one is refused).
    await userEvent.type(name, 'Hello', { initialSelectionStart: 0, initialSelectionEnd: 'Welcome letter'.length });
    await expect(name).toHaveValue('Hello');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Hello' }),
      expect.objectContaining({ source: 'edit', fields: ['name'] }),
    );
  },
};

/** A builder with a templateId but no `<QuireProvider>`: it says what is missing. */
export const WithoutProvider: Story = {
  parameters: quire({ provider: false }),
  args: { theme: 'light' },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This needs a Quire client: wrap the builder in <QuireProvider>.',
    );
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'client_required' }));
  },
};

/** The AI changes the template: its change waits in a diff, to accept or reject. */
export const AiChange: Story = {
  args: { onReady: (api) => void api.askAI('Make the title blue').catch(() => {}) },
  play: async ({ canvas, canvasElement, userEvent, loaded }) => {
    const dialog = await canvas.findByRole('dialog', { name: 'Review the AI changes' }, { timeout: 10_000 });
    await expect(dialog).toHaveTextContent('The AI says: I made the title blue and a little larger.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(saveState(canvasElement)).toHaveTextContent('Saved');
    await expect(fakeService({ loaded }).template(INVOICE_ID).css).toContain('h1 { color: #1d4ed8;');
  },
};

/** While the AI works: the stream's progress, before its change arrives. */
export const AiWorking: Story = {
  parameters: quire({
    templates: [invoiceTemplate],
    aiTurns: [{ reply: 'I made the title blue.', changes: () => ({ css: 'h1 { color: #1d4ed8; }' }), delayMs: 60_000 }],
  }),
  args: { onReady: (api) => void api.askAI('Make the title blue').catch(() => {}) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The AI is working…')).toBeVisible();
  },
};

/** The AI provider is down: the stream ends with its error, which reaches onError. */
export const AiUnavailable: Story = {
  parameters: quire({
    templates: [invoiceTemplate],
    overrides: [{ method: 'POST', path: `/v1/templates/${INVOICE_ID}/messages`, streamError: 'provider_unavailable' }],
  }),
  args: { onReady: (api) => void api.askAI('Make the title blue').catch(() => {}) },
  play: async ({ canvas, args }) => {
    await waitFor(() =>
      expect(args.onError).toHaveBeenCalledWith(
        expect.objectContaining({
          code: 'provider_unavailable',
          action: 'ai',
          message: 'The AI provider is unavailable. Please try again later.',
        }),
      ),
    );
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

function OwnLayout() {
  const { dirty, api, draft } = useTemplateBuilder();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '220px 1fr 1fr', gap: 12, height: '100%' }}>
      <VariablePanel />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <button type="button" disabled={!dirty} onClick={() => void api.save().catch(() => {})}>
          Save {draft.name}
        </button>
        <LiquidEditor part="html" />
      </div>
      <TemplatePreview formats={['html']} />
    </div>
  );
}

/** Children replace the default layout: the parts, arranged by the host, read the builder around them. */
export const OwnLayoutWithParts: Story = {
  args: { templateId: undefined, defaultValue: letterDraft, children: <OwnLayout /> },
  play: async ({ canvas, userEvent, args }) => {
    await expect(await canvas.findByRole('textbox', { name: 'HTML editor' }, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Insert customer.name' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Welcome letter' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};
