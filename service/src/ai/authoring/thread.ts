import { QuireError } from '@quire/core';
import { newId } from '../../crypto/ids';
import type { Page } from '../../http/pagination';
import type { Collection, Filter, Store } from '../../store/port';
import type { AiMessage } from '../provider';
import type { AuthoringReport } from './report';

/** One turn of a template's thread: what a person asked, or what the AI answered and which version it made. */
export interface ThreadMessage {
  id: string;
  teamId: string;
  templateId: string;
  role: 'user' | 'assistant';
  content: string;
  /** The version an assistant turn saved. */
  version: number | null;
  /** An assistant turn's report, as JSON text (finding messages quote the template, so keys stay out of the store). */
  reportJson: string | null;
  /** The user who asked (null for an API key, and on assistant turns). */
  createdBy: string | null;
  createdAt: string;
}

export interface Turn {
  teamId: string;
  templateId: string;
  createdBy: string | null;
  request: string;
  reply: string;
  /** The version the turn saved; null when its answer changed nothing. */
  version: number | null;
  report: AuthoringReport;
  /** When the request came in, and when the answer was saved. */
  askedAt: Date;
  answeredAt: Date;
}

export interface ThreadQuery {
  limit: number;
  starting_after?: string | undefined;
  order: 'asc' | 'desc';
}

export async function openThreads(store: Store) {
  const messages = await store.collection<ThreadMessage>({
    name: 'ai_messages',
    indexes: [['templateId', 'createdAt']],
  });
  return threadStore(messages);
}

/**
 * A template's conversation with the AI. The thread is only ever read through its template (which must be the
 * team's), so the messages of a deleted template are unreachable; deleting them is the templates module's to do.
 */
export function threadStore(messages: Collection<ThreadMessage>) {
  /** Stores a request and its answer. The answer is at least a millisecond later, so the order never ties. */
  async function record(turn: Turn): Promise<{ user: ThreadMessage; assistant: ThreadMessage }> {
    const answeredAt = Math.max(turn.answeredAt.getTime(), turn.askedAt.getTime() + 1);
    const common = { teamId: turn.teamId, templateId: turn.templateId };
    const user = await messages.insert({
      id: newId('msg'),
      ...common,
      role: 'user',
      content: turn.request,
      version: null,
      reportJson: null,
      createdBy: turn.createdBy,
      createdAt: turn.askedAt.toISOString(),
    });
    const assistant = await messages.insert({
      id: newId('msg'),
      ...common,
      role: 'assistant',
      content: turn.reply,
      version: turn.version,
      reportJson: JSON.stringify(turn.report),
      createdBy: null,
      createdAt: new Date(answeredAt).toISOString(),
    });
    return { user, assistant };
  }

  /** The newest turns, oldest first: what the model is shown of the conversation. */
  async function recent(teamId: string, templateId: string, count: number): Promise<AiMessage[]> {
    const rows = await messages.find(
      { teamId, templateId },
      { sort: { field: 'createdAt', direction: -1 }, limit: count },
    );
    return rows.reverse().map((row) => ({
      role: row.role,
      content: row.version === null ? row.content : `${row.content}\n(Saved as version ${row.version}.)`,
    }));
  }

  /**
   * A page of the thread, oldest first by default (a conversation reads top down; `order=desc` gives the newest
   * first). The cursor is a message id, as every list of the API; ties on createdAt break by id.
   */
  async function list(teamId: string, templateId: string, query: ThreadQuery): Promise<Page<ThreadMessage>> {
    const filter: Filter = { teamId, templateId };
    const direction = query.order === 'asc' ? 1 : -1;
    let window: Filter = filter;
    let skip = 0;
    if (query.starting_after !== undefined) {
      const after = await messages.findOne({ ...filter, id: query.starting_after });
      if (!after) throw new QuireError('invalid_cursor', { param: 'starting_after' });
      window = { ...filter, createdAt: direction === 1 ? { $gte: after.createdAt } : { $lte: after.createdAt } };
      // Messages at the cursor's time that sort before it or are it: ascending ids below, descending ids above.
      skip = await messages.count({
        ...filter,
        createdAt: after.createdAt,
        id: direction === 1 ? { $lte: after.id } : { $gte: after.id },
      });
    }
    const rows = await messages.find(window, { sort: { field: 'createdAt', direction }, skip, limit: query.limit + 1 });
    const data = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return { object: 'list', data, has_more: hasMore, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null };
  }

  return { record, recent, list };
}

export type ThreadStore = ReturnType<typeof threadStore>;
