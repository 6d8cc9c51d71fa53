/**
 * The shape of the site's text pages (about, legal, security, MCP, blog): what the pages render and the browser
 * tests read. Inline text may hold `code` in backticks and [links](/path).
 */
export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'cards'; cards: readonly { title: string; body: string }[] }
  | { kind: 'code'; label: string; code: string };

export interface PageSection {
  heading: string;
  blocks: readonly Block[];
}

export interface TextPageContent {
  /** The document title and the h1. */
  title: string;
  eyebrow?: string;
  lead: string;
  /** "Last updated April 18, 2025" on the legal pages. */
  updated?: string;
  sections: readonly PageSection[];
  /** A closing link, e.g. "Start Building with MCP" to /register. */
  cta?: { label: string; to: string };
}

/** Every text of a page, for the tests: headings, paragraphs, list items, cards (code excepted). */
export function pageTexts(page: TextPageContent): string[] {
  const texts = [page.title, page.lead, ...(page.updated ? [page.updated] : []), ...(page.cta ? [page.cta.label] : [])];
  for (const section of page.sections) {
    texts.push(section.heading);
    for (const block of section.blocks) {
      if (block.kind === 'p') texts.push(block.text);
      if (block.kind === 'list') texts.push(...block.items);
      if (block.kind === 'cards') for (const card of block.cards) texts.push(card.title, card.body);
    }
  }
  return texts;
}
