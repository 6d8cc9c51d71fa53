import { PageSetup, TemplateContent } from '@quire/core';
import { ZodError } from 'zod';
import { parseAnswer } from '../answer-format';
import { type Removal, sanitiseTemplate } from './sanitise';

/** How a model's answer may change the template it is building on. */
export interface CandidateRules {
  /** The user named the template: the model's name is not taken. */
  nameFixed: boolean;
  /** The user gave the page setup: the model's is not taken. */
  pageFixed: boolean;
  /**
   * Whether the model's sample_data is merged into the sample (a refinement that adds a field brings its values).
   * Not for a generation: the user's data, or data made from the user's schema, is what the template is for.
   */
  takeSampleData: boolean;
}

export interface Candidate {
  content: TemplateContent;
  reply: string;
  removed: Removal[];
  notes: string[];
}

/**
 * The header and footer, which the answer format's parser does not read: models write them in the json block
 * (`"header_html"`, `"footer_html"`), as the system prompt teaches.
 */
function runningParts(answer: string): { header_html?: string; footer_html?: string } {
  const parts: { header_html?: string; footer_html?: string } = {};
  for (const match of answer.matchAll(/```[ \t]*json[^\n]*\n([\s\S]*?)(?:```|$)/gi)) {
    try {
      const meta = JSON.parse(match[1] ?? '') as Record<string, unknown>;
      if (typeof meta.header_html === 'string') parts.header_html = meta.header_html;
      if (typeof meta.footer_html === 'string') parts.footer_html = meta.footer_html;
    } catch {
      // parseAnswer already notes an unreadable JSON block.
    }
  }
  return parts;
}

/**
 * The template an answer makes when laid over `base` (the template so far), sanitised; or the problem to send
 * back when the answer holds no usable template. Parts the answer leaves out keep their values (a model that
 * only rewrote the HTML did not mean to drop the CSS).
 */
export function candidateOf(
  answer: string,
  base: TemplateContent,
  rules: CandidateRules,
): { candidate: Candidate } | { problem: string; notes: string[] } {
  const parsed = parseAnswer(answer);
  const notes = [...parsed.notes];
  if (parsed.html === undefined || parsed.html.trim() === '') {
    return {
      problem:
        'The answer held no template. Answer with the whole template in a ```html block (and the CSS in a ```css block).',
      notes,
    };
  }
  const running = runningParts(answer);
  const { parts, removed } = sanitiseTemplate({
    html: parsed.html,
    css: parsed.css ?? base.css,
    header_html: running.header_html ?? base.header_html,
    footer_html: running.footer_html ?? base.footer_html,
  });
  let page = base.page;
  if (!rules.pageFixed && parsed.page !== undefined && base.kind === 'document') {
    const checked = PageSetup.safeParse(parsed.page);
    if (checked.success) page = checked.data;
    else notes.push('The page setup in the answer was not valid and was ignored.');
  }
  const name = !rules.nameFixed && parsed.name?.trim() ? parsed.name.trim().slice(0, 200) : base.name;
  const sample =
    rules.takeSampleData && parsed.sampleData ? { ...base.sample_data, ...parsed.sampleData } : base.sample_data;
  try {
    const content = TemplateContent.parse({ ...base, ...parts, name, page, sample_data: sample });
    return { candidate: { content, reply: parsed.reply, removed, notes } };
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const issue = error.issues[0];
    return {
      problem: `The template could not be saved: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      notes,
    };
  }
}
