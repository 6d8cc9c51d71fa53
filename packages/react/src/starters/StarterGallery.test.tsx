import { Quire, type Starter } from '@quire/client';
import { starters as bundled } from '@quire/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it, vi } from 'vitest';
import { QuireProvider } from '../provider/QuireProvider';
import { StarterGallery } from './StarterGallery';

// The run's one real service (service.global.ts), its offline AI, as an admin API key of an enterprise team.
const quire = new Quire({
  baseUrl: inject('quireUrl'),
  apiKey: inject('quireApiKey'),
  maxRetries: 0,
  timeout: 120_000,
});

describe('<StarterGallery>', () => {
  it('lists the service’s starters and hands over the one picked, whole', async () => {
    const picked: Starter[] = [];
    const { list } = { list: await quire.starters.list() };
    render(
      <QuireProvider client={quire}>
        <StarterGallery onSelect={(starter) => picked.push(starter)} />
      </QuireProvider>,
    );
    const buttons = await screen.findAllByRole('button', { name: /^Use this starter: / });
    expect(buttons.map((b) => b.getAttribute('aria-label')?.replace('Use this starter: ', ''))).toEqual(
      list.data.map((s) => s.name),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use this starter: Quote' }));
    await waitFor(() => expect(picked).toHaveLength(1));
    expect(picked[0]).toEqual(await quire.starters.get('quote'));
    expect(picked[0]?.html.length).toBeGreaterThan(100);
  });

  it('finds starters by words of their name, description and tags, and shows only a kind when asked', async () => {
    render(
      <QuireProvider client={quire}>
        <StarterGallery onSelect={() => {}} kind="document" />
      </QuireProvider>,
    );
    await screen.findAllByRole('button', { name: /^Use this starter/ });
    expect(screen.queryByRole('heading', { name: 'Order confirmation' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Find a starter'), 'invoice');
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toContain('Invoice');
    expect(names).not.toContain('Timesheet');
    await userEvent.clear(screen.getByLabelText('Find a starter'));
    await userEvent.type(screen.getByLabelText('Find a starter'), 'zzzz');
    expect(screen.getByText('No starter matches “zzzz”.')).toBeInTheDocument();
  });

  it('shows what went wrong when the service cannot be reached, and reports it', async () => {
    const onError = vi.fn();
    // The page's fetch logs the refused connection; the test reads the component instead.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <QuireProvider baseUrl="http://127.0.0.1:9" getToken={() => 'token'}>
        <StarterGallery onSelect={() => {}} onError={onError} />
      </QuireProvider>,
    );
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(/starters could not be loaded/);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ action: 'load' }));
    logged.mockRestore();
  }, 30_000);

  it('offers the starters this package carries when there is no provider', async () => {
    const picked: Starter[] = [];
    render(<StarterGallery onSelect={(starter) => picked.push(starter)} />);
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(bundled.length);
    await userEvent.click(screen.getByRole('button', { name: 'Use this starter: Invoice' }));
    expect(picked[0]?.id).toBe('invoice');
  });
});
