import { formatAnswer } from '../answer-format';
import type { ContentParts } from './spec';

/**
 * The offline provider's answer, in the format every provider writes (answer-format.ts). The format has no place
 * for a running footer yet, so the template's `footer_html` rides in the JSON block beside `name`, `page` and
 * `sample_data`, always (an empty one means "no footer", so removing page numbers is not mistaken for "keep the
 * footer you had"). parseAnswer ignores it until the format learns it; see README.md.
 */
export interface OfflineAnswer {
  reply: string;
  /** Undefined when there is no template to give back (an email request it cannot write). */
  content?: Pick<ContentParts, 'name' | 'html' | 'css' | 'page' | 'sample_data'> & { footer_html?: string };
}

export function writeAnswer(answer: OfflineAnswer): string {
  const content = answer.content;
  if (!content) return `${answer.reply.trim()}\n`;
  const text = formatAnswer({ reply: answer.reply, html: content.html, css: content.css });
  const meta = {
    name: content.name,
    page: content.page,
    footer_html: content.footer_html ?? '',
    sample_data: content.sample_data,
  };
  return `${text}\`\`\`json\n${JSON.stringify(meta, null, 2)}\n\`\`\`\n`;
}

/** The answer in pieces of a few dozen words, whitespace kept, so that the pieces join to the whole answer. */
export function chunks(text: string, wordsPerChunk = 24): string[] {
  const words = text.split(/(?<=\s)(?=\S)/);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) out.push(words.slice(i, i + wordsPerChunk).join(''));
  return out;
}
