import { PageSetup, pageRoomMessage, pageRoomProblem, TemplateContent } from '@quire/core';
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
  /**
   * The answer must bring sample_data for the variables it prints: a generation whose request gave no data (the
   * model's sample is the template's, and what the checks render with).
   */
  sampleRequired?: boolean;
}

export interface Candidate {
  content: TemplateContent;
  reply: string;
  removed: Removal[];
  notes: string[];
  /** When the rules require sample data: what is wrong with the answer's (undefined: it is fine). */
  sampleProblem?: string | undefined;
}

/** Whether a template prints or tests data at all (a static notice needs no sample). */
const usesData = (...parts: string[]) => parts.some((part) => /\{\{|\{%/.test(part));

/**
 * An email's styles live in its MJML: a css block in an email answer (a habit from documents) would be lost, since
 * email output never reads the css part, so it goes into the head as an <mj-style>.
 */
function emailWithCss(mjml: string, css: string): string | undefined {
  const head = /<mj-head\b[^>]*>/i.exec(mjml);
  if (head) {
    const at = head.index + head[0].length;
    return `${mjml.slice(0, at)}\n<mj-style>\n${css}\n</mj-style>${mjml.slice(at)}`;
  }
  const root = /<mjml\b[^>]*>/i.exec(mjml);
  if (!root) return undefined;
  const at = root.index + root[0].length;
  return `${mjml.slice(0, at)}\n<mj-head><mj-style>\n${css}\n</mj-style></mj-head>${mjml.slice(at)}`;
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
  const email = base.kind === 'email';
  let html = parsed.html;
  let css = parsed.css ?? base.css;
  if (email && parsed.css?.trim()) {
    const styled = emailWithCss(html, parsed.css.trim());
    if (styled) {
      html = styled;
      css = '';
      notes.push(
        'The css block of the answer was moved into the email as an <mj-style>: emails take styles from MJML.',
      );
    }
  }
  // An email has no pages: a header or footer in the answer (the document format's habit) is not taken.
  const running = email ? {} : runningParts(answer);
  const { parts, removed } = sanitiseTemplate({
    html,
    css,
    header_html: running.header_html ?? base.header_html,
    footer_html: running.footer_html ?? base.footer_html,
  });
  let page = base.page;
  if (!rules.pageFixed && parsed.page !== undefined && base.kind === 'document') {
    const checked = PageSetup.safeParse(parsed.page);
    // A page whose margins leave no room would be refused when saved and when rendered: kept out like an invalid one.
    const noRoom = checked.success ? pageRoomProblem(checked.data) : null;
    if (checked.success && !noRoom) page = checked.data;
    else if (noRoom) notes.push(`The page setup in the answer was ignored: ${pageRoomMessage(noRoom)}`);
    else notes.push('The page setup in the answer was not valid and was ignored.');
  }
  const name = !rules.nameFixed && parsed.name?.trim() ? parsed.name.trim().slice(0, 200) : base.name;
  const sample =
    rules.takeSampleData && parsed.sampleData ? { ...base.sample_data, ...parsed.sampleData } : base.sample_data;
  try {
    const content = TemplateContent.parse({ ...base, ...parts, name, page, sample_data: sample });
    const sampleProblem = rules.sampleRequired ? sampleProblemOf(content) : undefined;
    return { candidate: { content, reply: parsed.reply, removed, notes, sampleProblem } };
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const issue = error.issues[0];
    return {
      problem: `The template could not be saved: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      notes,
    };
  }
}

/**
 * What is wrong with the sample data of a template whose answers must bring it (this answer's, merged over the
 * earlier answers'): none at all for a template that prints data. Variables it prints that the sample lacks are
 * found by rendering (missing_variable, also sent back).
 */
function sampleProblemOf(content: TemplateContent): string | undefined {
  if (!usesData(content.html, content.header_html, content.footer_html)) return undefined;
  if (Object.keys(content.sample_data).length > 0) return undefined;
  return (
    'The answer gave no sample data. Add "sample_data" to the json block: an object with realistic values for ' +
    'every variable the template prints (lists with two to four items).'
  );
}
