import { Quire } from '@quire/client';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, inject, it, vi } from 'vitest';
import { useQuireClient } from './context';
import { QuireProvider } from './QuireProvider';
import { tokenFetch } from './token-fetch';

const url = inject('quireUrl');
const token = inject('quireToken');

describe('<QuireProvider>', () => {
  it('gives its client to the components below it', () => {
    const client = new Quire({ baseUrl: url, apiKey: 'qk_test' });
    const { result } = renderHook(() => useQuireClient(), {
      wrapper: ({ children }: { children: ReactNode }) => <QuireProvider client={client}>{children}</QuireProvider>,
    });
    expect(result.current).toBe(client);
  });

  it('makes a client from baseUrl and getToken that sends the token', async () => {
    const getToken = vi.fn(() => token);
    const { result } = renderHook(() => useQuireClient(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QuireProvider baseUrl={url} getToken={getToken}>
          {children}
        </QuireProvider>
      ),
    });
    const team = await result.current?.team.get();
    expect(team?.id).toMatch(/^team_/);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('says what is missing, readably', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<QuireProvider>x</QuireProvider>)).toThrow(
      '<QuireProvider> got invalid props:\n  - baseUrl: Give a client, or baseUrl and getToken',
    );
    expect(() => render(<QuireProvider baseUrl={url}>x</QuireProvider>)).toThrow(/getToken: baseUrl needs getToken/);
    expect(() => render(<QuireProvider baseUrl="not a url" getToken={() => 't'} />)).toThrow(
      /baseUrl: Expected the URL of the Quire service/,
    );
    expect(() => render(<QuireProvider client={{} as Quire} />)).toThrow(/client: Expected a Quire client/);
    expect(() => render(<QuireProvider client={new Quire({ apiKey: null })} theme={'blue' as never} />)).toThrow(
      /theme: Invalid option/,
    );
    spy.mockRestore();
    expect(screen.queryByText('x')).toBeNull();
  });
});

describe('tokenFetch', () => {
  it('asks for a new token when the service answers 401, and sends the request again with it', async () => {
    const tokens = ['expired-embed-token', token];
    const getToken = vi.fn(async () => tokens.shift() as string);
    const quire = new Quire({ baseUrl: url, apiKey: null, fetch: tokenFetch(getToken), maxRetries: 0 });
    const team = await quire.team.get();
    expect(team.id).toMatch(/^team_/);
    expect(getToken).toHaveBeenCalledTimes(2);
    // The new token is kept for the next requests.
    await quire.team.get();
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('asks once for concurrent requests that all met an expired token', async () => {
    let calls = 0;
    const getToken = vi.fn(async () => (++calls === 1 ? 'expired' : token));
    const quire = new Quire({ baseUrl: url, apiKey: null, fetch: tokenFetch(getToken), maxRetries: 0 });
    const teams = await Promise.all([quire.team.get(), quire.team.get(), quire.team.get()]);
    expect(teams.map((t) => t.id)).toEqual([teams[0]?.id, teams[0]?.id, teams[0]?.id]);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('answers the 401 when the new token is refused too', async () => {
    const quire = new Quire({ baseUrl: url, apiKey: null, fetch: tokenFetch(() => 'always-wrong'), maxRetries: 0 });
    await expect(quire.team.get()).rejects.toMatchObject({ status: 401 });
  });
});
