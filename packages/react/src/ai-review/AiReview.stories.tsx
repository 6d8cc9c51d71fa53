import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { FakeAiTurn } from '../__fixtures__/fake-quire/index';
import { fakeService, type QuireParameters } from '../__fixtures__/stories/quire';
import { INVOICE_ID, invoiceTemplate } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { BuilderApi, ChangeInfo, TemplateDraft } from '../builder/types';
import { AiReview } from './AiReview';

type Args = { prompt: string; onChange?: (draft: TemplateDraft, info: ChangeInfo) => void };

const meta = {
  title: 'Parts/AiReview',
  component: AiReview,
  parameters: { quire: { templates: [invoiceTemplate] } satisfies QuireParameters },
  args: { prompt: 'Make the title blue', onChange: fn() },
  // The review shows the builder's AI turn: the story asks the AI as soon as the builder is ready.
  render: ({ prompt, onChange }: Args) => (
    <TemplateBuilder
      templateId={INVOICE_ID}
      onChange={onChange}
      onReady={(api: BuilderApi) => void api.askAI(prompt).catch(() => {})}
    >
      <AiReview />
    </TemplateBuilder>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

const reviewDialog = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('dialog', { name: 'Review the AI changes' }, { timeout: 10_000 });

/** The AI's reply and the diff of what it changed; Accept takes the change into the draft. */
export const Accept: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const dialog = await reviewDialog(canvas);
    await expect(dialog).toHaveTextContent('The AI says: I made the title blue and a little larger.');
    await expect(await within(dialog).findByRole('tab', { name: /CSS/ }, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(args.onChange).toHaveBeenCalledWith(
        expect.objectContaining({ css: expect.stringContaining('#1d4ed8') }),
        expect.objectContaining({ source: 'ai' }),
      ),
    );
  },
};

/** Reject leaves the draft, and publishes again the version that was published before the AI's. */
export const Reject: Story = {
  play: async ({ canvas, userEvent, args, loaded }) => {
    const dialog = await reviewDialog(canvas);
    await expect(fakeService({ loaded }).template(INVOICE_ID).published_version).toBe(4);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(fakeService({ loaded }).template(INVOICE_ID).published_version).toBe(2));
    await expect(args.onChange).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ source: 'ai' }));
  },
};

const overflowingTurn: FakeAiTurn = {
  reply: 'I added the payment QR code in a larger size.',
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
};

/** Serious findings remain after the AI's checks: its version is saved as a draft, and the review says so. */
export const DraftVersion: Story = {
  parameters: { quire: { templates: [invoiceTemplate], aiTurns: [overflowingTurn] } satisfies QuireParameters },
  args: { prompt: 'Make the QR code bigger' },
  play: async ({ canvas, loaded }) => {
    const dialog = await reviewDialog(canvas);
    await expect(dialog).toHaveTextContent('Serious findings remain, so the AI saved this as a draft.');
    await expect(fakeService({ loaded }).template(INVOICE_ID)).toMatchObject({
      latest_version: 4,
      published_version: 2,
    });
  },
};

/** Nothing waits for review: the review shows nothing. */
export const NothingToReview: Story = {
  render: () => (
    <TemplateBuilder templateId={INVOICE_ID}>
      <AiReview />
    </TemplateBuilder>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const Dark: Story = { ...Accept, globals: { theme: 'dark' } };
