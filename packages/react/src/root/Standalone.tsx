import { type ReactNode, useContext } from 'react';
import { QuireRoot } from './QuireRoot';
import { UiContext, type UiSettings } from './ui-context';

/**
 * A top-level component's own scoping root: used alone, it draws inside a `QuireRoot` (the stylesheet's scope,
 * the theme, the strings); composed inside the builder or another root, it adds one only when it is given UI
 * settings of its own, so that the builder's parts do not each start a new root.
 */
export function Standalone({ settings, children }: { settings: UiSettings; children: ReactNode }) {
  const outer = useContext(UiContext);
  const own =
    settings.theme !== undefined ||
    settings.locale !== undefined ||
    settings.messages !== undefined ||
    settings.portalContainer !== undefined;
  if (outer && !own) return <>{children}</>;
  return (
    <QuireRoot
      theme={settings.theme}
      locale={settings.locale}
      messages={settings.messages}
      portalContainer={settings.portalContainer}
    >
      {children}
    </QuireRoot>
  );
}
