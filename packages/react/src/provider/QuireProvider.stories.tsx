import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { FAKE_BASE_URL } from '../__fixtures__/fake-quire/index';
import type { FakeQuire, QuireParameters } from '../__fixtures__/stories/quire';
import { INVOICE_ID, invoiceTemplate } from '../__fixtures__/stories/templates';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import { QuireProvider } from './QuireProvider';

const meta = {
  title: 'Setup/QuireProvider',
  component: QuireProvider,
  // These stories place the provider themselves (the other stories get one from the preview).
  parameters: {
    layout: 'fullscreen',
    quire: { provider: false, templates: [invoiceTemplate] } satisfies QuireParameters,
  },
} satisfies Meta<typeof QuireProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const builder = <TemplateBuilder templateId={INVOICE_ID} style={{ height: '100vh' }} />;

/** A `@quire/client` handed to every component below. */
export const WithClient: Story = {
  render: (args, { loaded }) => (
    <QuireProvider {...args} client={(loaded.quire as FakeQuire).client}>
      {builder}
    </QuireProvider>
  ),
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect(await canvas.findByRole('textbox', { name: 'Template name' })).toHaveValue('Invoice (Brightline)'),
    );
  },
};

/** Settings every component below takes: the theme, the language, and any UI string. */
export const SharedSettings: Story = {
  ...WithClient,
  args: {
    theme: 'dark',
    locale: 'de',
    messages: {
      'actions.save': 'Speichern',
      'actions.publish': 'Veröffentlichen',
      'actions.undo': 'Rückgängig',
      'actions.redo': 'Wiederholen',
      'builder.name': 'Name der Vorlage',
      'builder.saved': 'Gespeichert',
      'mode.boss': 'Boss-Modus',
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Name der Vorlage' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Veröffentlichen' })).toBeVisible();
    const root = canvasElement.querySelector('.quire-root');
    await expect(root).toHaveClass('quire-theme-dark');
    await expect(root).toHaveAttribute('lang', 'de');
  },
};

const getToken = fn(async () => (getToken.mock.calls.length <= 1 ? 'embed_expired' : 'embed_fresh'));

/**
 * `baseUrl` and `getToken` instead of a client: the token goes as a bearer token, and when the service answers
 * 401 (an embed token expired) the provider asks for a new one, once, and sends the request again.
 */
export const BaseUrlAndToken: Story = {
  parameters: {
    quire: {
      provider: false,
      globalFetch: true,
      tokens: ['embed_fresh'],
      templates: [invoiceTemplate],
    } satisfies QuireParameters,
  },
  args: { baseUrl: FAKE_BASE_URL, getToken },
  beforeEach: () => getToken.mockClear(),
  render: (args) => <QuireProvider {...args}>{builder}</QuireProvider>,
  play: async ({ canvas }) => {
    await waitFor(async () =>
      expect(await canvas.findByRole('textbox', { name: 'Template name' })).toHaveValue('Invoice (Brightline)'),
    );
    await expect(getToken).toHaveBeenCalledTimes(2);
  },
};
