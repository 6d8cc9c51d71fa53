import { type EngineFinding, Findings } from '../findings';
import { parseStylesheet, type Stylesheet } from '../parse/css';
import type { MediaContext } from '../parse/media';
import { Origin, RuleIndex } from './cascade';
import { ENGINE_USER_AGENT_CSS } from './user-agent';

let userAgentSheet: Stylesheet | undefined;

/** The engine's user-agent stylesheet, parsed once. */
export function userAgentStylesheet(): Stylesheet {
  userAgentSheet ??= parseStylesheet(ENGINE_USER_AGENT_CSS, { part: 'user-agent' }, new Findings());
  return userAgentSheet;
}

/** A stylesheet's text and where it came from (its part, and the line its text starts after). */
export interface SheetSource {
  text: string;
  part: string;
  lineOffset: number;
}

export interface IndexedSheets {
  /** The user agent's rules and the sources', ready for matching. */
  index: RuleIndex;
  sheets: Stylesheet[];
}

interface Entry extends IndexedSheets {
  /** What parsing and indexing the sources found, told again to each render that uses them. */
  findings: EngineFinding[];
}

// A service renders the same few templates again and again; a handful of documents' sheets is plenty.
const CACHE_SIZE = 32;
const cache = new Map<string, Entry>();

/**
 * A document's stylesheets, parsed and indexed once per distinct text and page size: a service renders one template
 * many times, and a 60-page ledger styles its footer once per page. Parsing the template's CSS and building the rule
 * index were a fifth of a one-page invoice's style stage. The index is only read by matching (its stamps aside), and
 * a render's style stage runs synchronously, so renders on one thread share it safely.
 */
export function indexedSheets(sources: SheetSource[], media: MediaContext, findings: Findings): IndexedSheets {
  let key = `${media.width}\u0000${media.height}`;
  for (const source of sources) key += `\u0000${source.part}\u0001${source.lineOffset}\u0001${source.text}`;
  let entry = cache.get(key);
  if (entry) {
    // Most recently used last: the first key is the one to let go.
    cache.delete(key);
  } else {
    entry = build(sources, media);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, entry);
  for (const finding of entry.findings) findings.add(finding);
  return entry;
}

function build(sources: SheetSource[], media: MediaContext): Entry {
  const found = new Findings();
  const sheets = sources.map((source) =>
    parseStylesheet(source.text, { part: source.part, lineOffset: source.lineOffset }, found, media),
  );
  const index = new RuleIndex();
  index.add(userAgentStylesheet(), Origin.UserAgent, new Findings());
  for (const sheet of sheets) index.add(sheet, Origin.Author, found);
  return { index, sheets, findings: found.list() };
}
