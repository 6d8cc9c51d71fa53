import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { FakeAiTurn } from '../__fixtures__/fake-quire/index';
import { fakeService, type QuireParameters } from '../__fixtures__/stories/quire';
import { INVOICE_ID, invoiceTemplate, MISSING_ID } from '../__fixtures__/stories/templates';
import { AIChat, type AIChatProps } from './AIChat';

const meta = {
  title: 'Parts/AIChat',
  component: AIChat,
  parameters: { quire: { templates: [invoiceTemplate] } satisfies QuireParameters },
  args: { templateId: INVOICE_ID, onBeforeSend: fn(), onTurn: fn(), onGenerated: fn(), onError: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AIChat>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type UserEvent = { type(element: Element, text: string): Promise<void> };

const messageField = (canvas: Canvas) => canvas.getByRole('textbox', { name: 'Message to the AI' });
const send = async (canvas: Canvas, userEvent: UserEvent, text: string) => {
  await userEvent.type(messageField(canvas), `${text}{Enter}`);
};
/** The last message of the conversation. */
const lastMessage = (canvas: Canvas) => canvas.getAllByRole('article').at(-1) as HTMLElement;
const TURN = { timeout: 10_000 };

/** A template with no conversation yet: what to ask, and Send waits for words. */
export const Idle: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/^Ask for a change, such as/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(messageField(canvas), 'Make the title blue');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(canvas.queryByRole('list', { name: 'Progress' })).toBeNull();
  },
};

/** A turn streaming slowly enough to watch: the stages as the service reports them, and the model's words. */
const slowTurn: FakeAiTurn = {
  reply: 'I made the title blue and a little larger, and left the rest as it was.',
  changes: (current) => ({ css: `${current.css}\nh1 { color: #1d4ed8; font-size: 28px; }\n` }),
  delayMs: 400,
};

const stageOf = (progress: HTMLElement, name: string) => within(progress).getByText(name).closest('li') as HTMLElement;

export const StreamingProgress: Story = {
  parameters: { quire: { templates: [invoiceTemplate], aiTurns: [slowTurn] } satisfies QuireParameters },
  play: async ({ canvas, args, userEvent }) => {
    await canvas.findByText(/^Ask for a change/);
    await send(canvas, userEvent, 'Make the title blue');
    await expect(args.onBeforeSend).toHaveBeenCalledTimes(1);
    const progress = await canvas.findByRole('list', { name: 'Progress' });
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
    await waitFor(() => expect(stageOf(progress, 'Writing')).toHaveAttribute('aria-current', 'step'));
    await expect(stageOf(progress, 'Checking')).toHaveAttribute('data-state', 'waiting');
    // The model's words arrive piece by piece.
    await waitFor(() => expect(canvas.getByText(/^I made the title blue/)).toBeVisible());
    await waitFor(() => expect(stageOf(progress, 'Checking')).toHaveAttribute('aria-current', 'step'), TURN);
    await expect(stageOf(progress, 'Writing')).toHaveAttribute('data-state', 'done');
    // Then the turn lands: the version it saved, and the stages go away.
    await expect(await canvas.findByText('Version 4', {}, TURN)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Progress' })).toBeNull();
    await expect(args.onTurn).toHaveBeenCalledWith(expect.objectContaining({ version: 4, published: true }));
  },
};

/** Stop ends the stream before the answer: nothing is saved. */
export const Stopped: Story = {
  parameters: StreamingProgress.parameters,
  play: async ({ canvas, args, userEvent, loaded }) => {
    await canvas.findByText(/^Ask for a change/);
    await send(canvas, userEvent, 'Make the title blue');
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Stopped before the AI’s answer arrived.');
    await expect(args.onTurn).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(fakeService({ loaded }).template(INVOICE_ID).latest_version).toBe(3);
  },
};

/** A turn that could not do everything: what it checked, what it removed, and what it left. */
const partialTurn: FakeAiTurn = {
  reply: 'I added the logo and a notes section under the totals.',
  changes: (current) => ({ html: `${current.html}\n<section class="notes"><h2>Notes</h2></section>\n` }),
  sanitised: [{ part: 'html', what: 'remote_url', detail: 'https://cdn.example.com/logo.png' }],
  remaining: [
    {
      code: 'missing_glyphs',
      severity: 'warning',
      message: 'Some characters have no glyph in the bundled fonts: 株式会社',
      serious: false,
      known_limitation: true,
      data_sets: ['sample'],
    },
  ],
  notes: ['The logo must be uploaded into the template: remote images are not loaded.'],
};

export const FinishedTurn: Story = {
  parameters: { quire: { templates: [invoiceTemplate], aiTurns: [partialTurn] } satisfies QuireParameters },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/^Ask for a change/);
    await send(canvas, userEvent, 'Add our logo and a notes section');
    await canvas.findByText('Version 4', {}, TURN);
    const [question, answer] = canvas.getAllByRole('article');
    await expect(question).toHaveTextContent('You');
    await expect(question).toHaveTextContent('Add our logo and a notes section');
    await expect(answer).toHaveTextContent('I added the logo and a notes section under the totals.');
    const checked = within(answer as HTMLElement).getAllByRole('list')[0] as HTMLElement;
    const checks = within(checked)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    await expect(checks).toEqual([
      '✓ A template was found in the answer · passed',
      expect.stringMatching(/^✗ Scripts, event handlers and remote URLs removed · /),
      '✓ The Liquid of the body, header and footer parses · passed',
      expect.stringMatching(/^✓ The sample data · 1 pages? · 1 problems? *$/),
    ]);
    const notDone = within(answer as HTMLElement).getAllByRole('list')[1] as HTMLElement;
    await expect(
      within(notDone)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Some characters have no glyph in the bundled fonts: 株式会社 (sample) · a limit of Quire',
      'Removed for safety: https://cdn.example.com/logo.png',
      'The logo must be uploaded into the template: remote images are not loaded.',
    ]);
  },
};

/** Serious findings remain: the version is a draft, and the chat says so. */
export const DraftTurn: Story = {
  parameters: {
    quire: {
      templates: [invoiceTemplate],
      aiTurns: [
        {
          reply: 'I made the payment QR code larger.',
          changes: (current) => ({ css: `${current.css}\n.payment-qr svg { width: 320px; }\n` }),
          remaining: [
            {
              code: 'content_overflow',
              severity: 'warning',
              message: 'Content is wider than the page on page 1: the payment box overflows by 42 mm',
              serious: true,
              data_sets: ['sample'],
            },
          ],
        },
      ],
    } satisfies QuireParameters,
  },
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByText(/^Ask for a change/);
    await send(canvas, userEvent, 'Make the QR code bigger');
    await expect(
      await canvas.findByText('Version 4, saved as a draft: serious findings remain', {}, TURN),
    ).toBeVisible();
    await expect(lastMessage(canvas)).toHaveTextContent('the payment box overflows by 42 mm (sample)');
    await expect(lastMessage(canvas)).toHaveTextContent(
      'Serious findings remain, so this version was saved as a draft',
    );
    await expect(fakeService({ loaded }).template(INVOICE_ID)).toMatchObject({
      latest_version: 4,
      published_version: 2,
    });
  },
};

function Reopenable(props: AIChatProps) {
  const [opened, setOpened] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setOpened(opened + 1)}>
        Open the chat again
      </button>
      <AIChat key={opened} {...props} />
    </>
  );
}

/** Opened again, the chat shows the conversation so far, from the service. */
export const History: Story = {
  render: (args) => <Reopenable {...args} />,
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByText(/^Ask for a change/);
    await send(canvas, userEvent, 'Make the title blue');
    await canvas.findByText('Version 4', {}, TURN);
    await userEvent.click(canvas.getByRole('button', { name: 'Open the chat again' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(2));
    const [question, answer] = canvas.getAllByRole('article');
    await expect(question).toHaveTextContent('Make the title blue');
    await expect(answer).toHaveTextContent('I made the title blue and a little larger.');
    await expect(answer).toHaveTextContent('Version 4');
    await expect(answer).toHaveTextContent('What was checked');
    const reads = fakeService({ loaded }).requests.filter((r) => r.method === 'GET' && r.path.endsWith('/messages'));
    await expect(reads).toHaveLength(2);
  },
};

/** While the conversation loads. */
export const Loading: Story = {
  parameters: {
    quire: {
      templates: [invoiceTemplate],
      overrides: [{ method: 'GET', path: `/v1/templates/${INVOICE_ID}/messages`, hang: true }],
    } satisfies QuireParameters,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading the conversation…')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.getByText('Loading the conversation…')).toBeVisible();
  },
};

/** The AI provider is down: the stream ends with the service's error, shown and reported. */
export const ProviderDown: Story = {
  parameters: {
    quire: {
      templates: [invoiceTemplate],
      overrides: [
        { method: 'POST', path: `/v1/templates/${INVOICE_ID}/messages`, streamError: 'provider_unavailable' },
      ],
    } satisfies QuireParameters,
  },
  play: async ({ canvas, args, userEvent, loaded }) => {
    await canvas.findByText(/^Ask for a change/);
    await send(canvas, userEvent, 'Make the title blue');
    await expect(await canvas.findByRole('alert', {}, TURN)).toHaveTextContent(
      'The AI could not finish: The AI provider is unavailable. Please try again later.',
    );
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'provider_unavailable', action: 'ai' }),
    );
    await expect(args.onTurn).not.toHaveBeenCalled();
    await expect(fakeService({ loaded }).template(INVOICE_ID).latest_version).toBe(3);
  },
};

/** A template that does not exist: its conversation cannot be loaded. */
export const NotFound: Story = {
  args: { templateId: MISSING_ID },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^The conversation could not be loaded: /);
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'template_not_found', action: 'ai', status: 404 }),
    );
  },
};

/** Without a template, the first message writes one from the description. */
export const NewTemplate: Story = {
  args: { templateId: undefined, generate: { kind: 'document' } },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('Describe the report you need and the AI writes a template for it.')).toBeVisible();
    await send(canvas, userEvent, 'A receipt for a coffee shop');
    await expect(await canvas.findByText('Version 1', {}, TURN)).toBeVisible();
    await expect(args.onGenerated).toHaveBeenCalledWith(
      expect.objectContaining({
        object: 'ai_generation',
        template: expect.objectContaining({ name: 'A receipt for a coffee shop', tags: ['ai-generated'] }),
      }),
    );
    await expect(lastMessage(canvas)).toHaveTextContent('Here is a receipt with the shop, the items and the total');
  },
};

/** No provider: the chat says what is missing and cannot send. */
export const WithoutProvider: Story = {
  parameters: { quire: { provider: false } satisfies QuireParameters },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('wrap the builder in <QuireProvider>');
    await expect(canvas.getByRole('textbox', { name: 'Message to the AI' })).toBeDisabled();
  },
};

export const Dark: Story = {
  ...FinishedTurn,
  globals: { theme: 'dark' },
};
