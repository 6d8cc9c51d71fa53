import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Block, TextPageContent } from '../../content/page-model';
import { RichText } from '../../layout/RichText';
import { usePageTitle } from '../../layout/use-page-title';
import { CodeBlock } from './CodeBlock';

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'p':
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'cards':
      return (
        <ul className="site-card-grid">
          {block.cards.map((card) => (
            <li key={card.title} className="site-card">
              <h3>{card.title}</h3>
              <p>
                <RichText text={card.body} />
              </p>
            </li>
          ))}
        </ul>
      );
    case 'code':
      return <CodeBlock caption={block.label} label={block.label} code={block.code} />;
  }
}

/** A page of text from the content tables: about, privacy, terms, security, MCP. `children` go before the cta. */
export function TextPage({ page, children }: { page: TextPageContent; children?: ReactNode }) {
  usePageTitle(page.title);
  return (
    <article>
      <header className="site-page-head">
        <div className="site-page-head-inner">
          {page.eyebrow ? <span className="site-eyebrow">{page.eyebrow}</span> : null}
          <h1>{page.title}</h1>
          {page.updated ? <p className="site-updated">{page.updated}</p> : null}
          <p className="site-lead">{page.lead}</p>
        </div>
      </header>
      <div className="site-prose">
        {page.sections.map((section) => (
          <section key={section.heading} aria-label={section.heading}>
            <h2>{section.heading}</h2>
            {section.blocks.map((block, index) => (
              // Blocks are fixed content: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <BlockView key={index} block={block} />
            ))}
          </section>
        ))}
        {children}
        {page.cta ? (
          <p className="site-page-cta">
            <Link to={page.cta.to} className="site-button site-button-primary site-button-lg">
              {page.cta.label}
            </Link>
          </p>
        ) : null}
      </div>
    </article>
  );
}
