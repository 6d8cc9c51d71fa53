import { Quire } from '@quire/client';
import { type ReactNode, useMemo, useRef } from 'react';
import { z } from 'zod';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { QuireContext, type QuireContextValue } from './context';
import { type GetToken, tokenFetch } from './token-fetch';

const isClient = (value: unknown): value is Quire =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Quire).request === 'function' &&
  typeof (value as Quire).templates?.get === 'function';

export const QuireProviderProps = z
  .object({
    client: z
      .custom<Quire>(isClient, { message: 'Expected a Quire client (new Quire({ … }) from @quire/client)' })
      .optional(),
    baseUrl: z
      .url({ message: 'Expected the URL of the Quire service, such as "https://quire.example.com"' })
      .optional(),
    getToken: fn<GetToken>('a function answering a token (a string or a promise of one)').optional(),
    /** The team a person's token acts for; an embed token or API key acts for its own. */
    team: z.string().min(1).optional(),
    ...uiSettingsShape,
    children: z.custom<ReactNode>(() => true).optional(),
  })
  .strict()
  .superRefine((props, ctx) => {
    if (props.client && (props.baseUrl || props.getToken)) {
      ctx.addIssue({
        code: 'custom',
        path: ['client'],
        message: 'Give either client, or baseUrl and getToken, not both',
      });
    } else if (!props.client && !props.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'Give a client, or baseUrl and getToken' });
    } else if (props.baseUrl && !props.getToken) {
      ctx.addIssue({
        code: 'custom',
        path: ['getToken'],
        message: 'baseUrl needs getToken, a function answering the token to send (an embed token, for example)',
      });
    }
  });

export type QuireProviderProps = z.input<typeof QuireProviderProps>;

/**
 * Gives every Quire component below it a client and shared settings (theme, locale, strings, portal container).
 * Pass a `@quire/client` instance, or `baseUrl` and `getToken()`: the token is sent as a bearer token and asked
 * for again when the service answers 401 (embed tokens expire).
 */
export function QuireProvider(input: QuireProviderProps) {
  const props = parseProps('QuireProvider', QuireProviderProps, input);
  // The latest getToken is called, so that a host passing a new function each render needs no memo.
  const getToken = useRef(props.getToken);
  getToken.current = props.getToken;
  const { client: given, baseUrl, team } = props;
  const client = useMemo(
    () =>
      given ??
      new Quire({
        baseUrl,
        team,
        // No key of its own: the token comes from getToken, sent by the fetch.
        apiKey: null,
        fetch: tokenFetch(() => (getToken.current as GetToken)()),
      }),
    [given, baseUrl, team],
  );
  const { theme, locale, messages, portalContainer } = props;
  const value = useMemo<QuireContextValue>(
    () => ({ client, settings: { theme, locale, messages, portalContainer } }),
    [client, theme, locale, messages, portalContainer],
  );
  return <QuireContext.Provider value={value}>{props.children}</QuireContext.Provider>;
}
