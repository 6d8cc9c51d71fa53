import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { type ApiAction, clientSnippet, curlSnippet, mcpSnippet } from './api-snippets';
import { useBossMode } from './mode';

/**
 * Boss Mode's "how to do this from code": the action as curl, @quire/client and (when a tool does it) an MCP call,
 * each with a copy button. Nothing in Easy Mode.
 */
export function ApiSnippet({ action, title = 'Do this with the API' }: { action: ApiAction; title?: string }) {
  const boss = useBossMode();
  if (!boss) return null;
  const variants = [
    { id: 'curl', label: 'curl', code: curlSnippet(action) },
    { id: 'client', label: '@quire/client', code: clientSnippet(action) },
    ...(action.mcp ? [{ id: 'mcp', label: 'MCP', code: mcpSnippet(action) ?? '' }] : []),
  ];
  return (
    <section className="app-snippet" aria-label={title}>
      <h3 className="app-snippet-title">{title}</h3>
      <Tabs.Root defaultValue="curl">
        <Tabs.List className="app-snippet-tabs" aria-label={`${title}: language`}>
          {variants.map((v) => (
            <Tabs.Trigger key={v.id} value={v.id} className="app-snippet-tab">
              {v.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {variants.map((v) => (
          <Tabs.Content key={v.id} value={v.id} className="app-snippet-panel">
            <CopyButton text={v.code} label={`Copy ${v.label}`} />
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls sideways on a phone, and a keyboard must reach what scrolls (axe: scrollable-region-focusable). */}
            <pre className="app-code" tabIndex={0}>
              <code data-snippet={v.id}>{v.code}</code>
            </pre>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

/** Copies text to the clipboard and says so for two seconds. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="site-button site-button-secondary app-copy"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}
