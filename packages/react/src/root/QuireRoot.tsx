import { type CSSProperties, type ReactNode, useContext, useMemo, useState } from 'react';
import { createTranslate } from '../i18n/translate';
import { QuireContext } from '../provider/context';
import { ROOT_CLASS, themeClass, useResolvedTheme } from '../theme/theme';
import { UiContext, type UiContextValue, type UiSettings } from './ui-context';

export interface QuireRootProps extends UiSettings {
  className?: string | undefined;
  style?: CSSProperties | undefined;
  children: ReactNode;
  /** An accessible name: the root becomes a region landmark with it. */
  label?: string | undefined;
}

/**
 * The element every top-level component draws in: the scoping class the stylesheet hangs on, the theme class,
 * the UI strings, and a container for menus and dialogs inside it, so that nothing the builder shows depends on
 * styles outside it. Inside another root it adds its own settings on top of the outer one's.
 */
export function QuireRoot(props: QuireRootProps) {
  const outer = useContext(UiContext);
  const provider = useContext(QuireContext);
  const settings = provider?.settings ?? {};
  const preference = props.theme ?? outer?.theme ?? settings.theme ?? 'system';
  const resolved = useResolvedTheme(preference);
  const locale = props.locale ?? outer?.locale ?? settings.locale ?? 'en';
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const portalContainer = props.portalContainer ?? settings.portalContainer ?? portal;
  const rootClassName = `${ROOT_CLASS} ${themeClass(resolved)}`;
  // Overrides layer: the provider's, then each enclosing root's, then this one's.
  const outerMessages = outer?.messages;
  const providerMessages = settings.messages;
  const ownMessages = props.messages;
  const messages = useMemo(
    () => ({ ...(outerMessages ?? providerMessages), ...ownMessages }),
    [outerMessages, providerMessages, ownMessages],
  );
  // Its own memo: the portal container arrives after the first render, and a new `t` would rerun every effect
  // that translates (a report viewer would read its report again, a gallery list the starters twice).
  const t = useMemo(() => createTranslate(messages), [messages]);
  const context = useMemo<UiContextValue>(
    () => ({
      t,
      messages,
      locale,
      theme: preference,
      resolvedTheme: resolved,
      rootClassName,
      portalContainer,
    }),
    [t, messages, locale, preference, resolved, rootClassName, portalContainer],
  );
  const className = `${rootClassName}${props.className ? ` ${props.className}` : ''}`;
  const children = (
    <>
      {props.children}
      <div className="quire-portal" ref={setPortal} />
    </>
  );
  return (
    <UiContext.Provider value={context}>
      {props.label ? (
        // A named region: a landmark screen readers can jump to.
        <section
          className={className}
          style={props.style}
          lang={locale}
          aria-label={props.label}
          data-quire-theme={resolved}
        >
          {children}
        </section>
      ) : (
        <div className={className} style={props.style} lang={locale} data-quire-theme={resolved}>
          {children}
        </div>
      )}
    </UiContext.Provider>
  );
}
