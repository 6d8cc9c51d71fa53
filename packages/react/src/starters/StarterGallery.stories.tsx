import { starters } from '@quire/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, type within } from 'storybook/test';
import { fakeService, type QuireParameters } from '../__fixtures__/stories/quire';
import { StarterGallery } from './StarterGallery';

const meta = {
  title: 'Parts/StarterGallery',
  component: StarterGallery,
  args: { onSelect: fn(), onError: fn() },
} satisfies Meta<typeof StarterGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

const useButtons = (canvas: ReturnType<typeof within>) =>
  canvas.findAllByRole('button', { name: /^Use this starter: / });
const namesOf = (buttons: HTMLElement[]) =>
  buttons.map((button) => button.getAttribute('aria-label')?.replace('Use this starter: ', ''));

/** The service's starters; one picked is fetched whole and handed to the host. */
export const Loaded: Story = {
  play: async ({ canvas, args, loaded, userEvent }) => {
    await expect(namesOf(await useButtons(canvas))).toEqual(starters.map((starter) => starter.name));
    const invoice = canvas.getByRole('heading', { name: 'Invoice' }).closest('li') as HTMLElement;
    await expect(invoice).toHaveTextContent('Document');
    await expect(invoice).toHaveTextContent('finance · billing · invoice');
    await userEvent.click(canvas.getByRole('button', { name: 'Use this starter: Invoice' }));
    await waitFor(() =>
      expect(args.onSelect).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'invoice', html: expect.stringContaining('{{ invoice.number }}') }),
      ),
    );
    const asked = fakeService({ loaded }).requests.map((r) => `${r.method} ${r.path}`);
    await expect(asked).toEqual(['GET /v1/starters', 'GET /v1/starters/invoice']);
  },
};

/** Words of the name, the description and the tags narrow the list. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await useButtons(canvas);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a starter' }), 'sales');
    await expect(namesOf(canvas.getAllByRole('button', { name: /^Use this starter: / }))).toEqual([
      'Quote',
      'Monthly Sales Report',
    ]);
  },
};

/** Emails only. */
export const EmailsOnly: Story = {
  args: { kind: 'email' },
  play: async ({ canvas }) => {
    await expect(namesOf(await useButtons(canvas))).toEqual(['Order Confirmation']);
    await expect(canvas.getByText('Email')).toBeVisible();
  },
};

/** Nothing matches the search. */
export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    await useButtons(canvas);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find a starter' }), 'spaceship');
    await expect(canvas.getByText('No starter matches “spaceship”.')).toBeVisible();
    await expect(canvas.queryAllByRole('button', { name: /^Use this starter: / })).toHaveLength(0);
  },
};

/** The service has not answered yet. */
export const Loading: Story = {
  parameters: { quire: { overrides: [{ path: '/v1/starters', hang: true }] } satisfies QuireParameters },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the starters…');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the starters…');
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** The service fails: the error, shown and reported. */
export const LoadError: Story = {
  parameters: { quire: { overrides: [{ path: '/v1/starters', error: 'internal_error' }] } satisfies QuireParameters },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The starters could not be loaded: Something went wrong on our side. Please try again later.',
    );
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'internal_error', action: 'load', status: 500 }),
    );
  },
};

/** The service cannot be reached. */
export const Offline: Story = {
  parameters: { quire: { overrides: [{ path: '/v1/starters', connectionError: true }] } satisfies QuireParameters },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^The starters could not be loaded: /);
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ action: 'load' }));
  },
};

/** Without a provider: the starters this package carries (the same ones). */
export const WithoutProvider: Story = {
  parameters: { quire: { provider: false } satisfies QuireParameters },
  play: async ({ canvas, args, userEvent }) => {
    await expect(namesOf(await useButtons(canvas))).toEqual(starters.map((starter) => starter.name));
    await userEvent.click(canvas.getByRole('button', { name: 'Use this starter: Receipt' }));
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'receipt' })));
  },
};

export const Dark: Story = {
  ...Loaded,
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await useButtons(canvas);
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};
