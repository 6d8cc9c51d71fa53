import type { ReactNode } from 'react';

/** Code in a figure with its caption; the block scrolls sideways on phones, so it takes focus (a named region). */
export function CodeBlock({ caption, label, code }: { caption: ReactNode; label: string; code: string }) {
  return (
    <figure className="site-code-figure">
      <figcaption>{caption}</figcaption>
      <section className="site-code-scroll" aria-label={label}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <pre className="site-code" tabIndex={0}>
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}
