import { Quire } from '@quire/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmedAccount } from '../../__fixtures__/accounts';
import { renderInApp, service } from '../../__fixtures__/render';
import { TEMPLATES_TEXT as T } from '../../content/templates';
import { profileQueryKey, WorkspaceProvider } from '../../workspace';
import { PAGE_SIZE, TemplatesPage } from './TemplatesPage';

const COUNT = PAGE_SIZE + 2;
let person: Quire;

beforeAll(async () => {
  // Thumbnails draw once their card is in view; jsdom has no layout (and no canvas), so none comes into view.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const account = await confirmedAccount(service(), 'grid');
  const answer = await fetch(`${service().url}/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  person = new Quire({ apiKey: token, baseUrl: service().url, maxRetries: 0 });
  const team = (await person.team.list()).data[0]?.id ?? '';
  person = person.withOptions({ team });
  // More templates than a page holds: the Free plan keeps two, Enterprise a hundred.
  await person.subscription.change({ plan: 'enterprise' });
  for (let i = 1; i <= COUNT; i += 1) {
    await person.templates.create({ name: `Report ${String(i).padStart(2, '0')}`, html: '<h1>{{ title }}</h1>' });
  }
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function renderGrid() {
  const root = createRootRoute({
    component: () => (
      <WorkspaceProvider client={person} fallback={<p>Loading teams</p>}>
        <TemplatesPage />
      </WorkspaceProvider>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/templates'] }) });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The person's mode, as the profile would answer it (Easy).
  queries.setQueryData(profileQueryKey, { id: 'me', mode_preference: 'easy', full_name: null });
  return renderInApp(
    <QueryClientProvider client={queries}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const cards = () => within(screen.getByRole('list', { name: T.title })).getAllByRole('listitem');

describe('<TemplatesPage>', () => {
  it('shows a page of templates and the next page with "Show more" (cursor pagination)', async () => {
    renderGrid();
    await screen.findByRole('heading', { name: `Report ${COUNT}` });
    expect(cards()).toHaveLength(PAGE_SIZE);
    expect(screen.queryByRole('heading', { name: 'Report 01' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: T.more }));
    await screen.findByRole('heading', { name: 'Report 01' });
    expect(cards()).toHaveLength(COUNT);
    expect(screen.queryByRole('button', { name: T.more })).toBeNull();
    // Each card: its state, and what an owner may do with it.
    const first = screen.getByRole('heading', { name: `Report ${COUNT}` }).closest('li') as HTMLElement;
    expect(within(first).getByText(T.published)).toBeInTheDocument();
    expect(within(first).getByText(T.publishedHint(1))).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: `${T.open} Report ${COUNT}` })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/templates\/tpl_/),
    );
    expect(screen.getByRole('link', { name: T.create })).toHaveAttribute('href', '/templates/easy/new');
  });

  it('searches by name on the service, and says when nothing matches', async () => {
    renderGrid();
    await screen.findByRole('heading', { name: `Report ${COUNT}` });
    await userEvent.type(screen.getByLabelText(T.searchLabel), 'Report 07');
    await screen.findByRole('heading', { name: 'Report 07' });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.clear(screen.getByLabelText(T.searchLabel));
    await userEvent.type(screen.getByLabelText(T.searchLabel), 'no such report');
    expect(await screen.findByText(T.noMatches)).toBeInTheDocument();
  });
});
