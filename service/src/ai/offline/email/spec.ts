import type { FontKind } from '../spec';
import { hash } from '../text';
import type { EmailKind } from './kinds';

/**
 * The offline writer's model of an email, as spec.ts is of a document: generating makes one, refining edits one,
 * compose.ts turns one into MJML. Generated emails carry it in a comment before `<mjml>` (MJML drops it), with a
 * hash of the MJML, so that a refinement can tell whether someone edited the template since.
 */
export interface EmailSpec {
  v: 1;
  kind: EmailKind;
  /** The request named a kind of email (else this is a general notification). */
  found: boolean;
  /** `#rrggbb`. */
  accent: string;
  font: FontKind;
  /** Body text size in px. */
  size: number;
  /** A heading someone gave, shown instead of the kind's (plain text). */
  heading?: string;
  /** Where each slot of the kind's preset is in this template's data (slots the data has not are left out). */
  paths: Record<string, string>;
  /** Slots printed with a fallback because the data has no such field (the reply named them). */
  optional: string[];
  /** The items table: the list and, relative to a row, its columns. Absent: no table. */
  items?: { path: string; name: string; quantity?: string; price?: string };
}

const MARK = /^\s*<!--\s*quire:email\s+([\s\S]*?)\s*-->\s*/;

export function emailSpecComment(spec: EmailSpec, mjml: string): string {
  const json = JSON.stringify({ ...spec, h: hash(mjml.trim()) })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/-(?=-)/g, '\\u002d')
    .replace(/\{(?=[{%])/g, '\\u007b');
  return `<!-- quire:email ${json} -->\n`;
}

export interface RecoveredEmail {
  spec: EmailSpec;
  /** The MJML is as generated: refining the spec loses nothing. */
  pristine: boolean;
}

export function readEmailSpec(html: string): RecoveredEmail | undefined {
  const match = MARK.exec(html);
  if (!match) return undefined;
  try {
    const { h, ...spec } = JSON.parse(match[1] as string) as EmailSpec & { h?: string };
    if (spec.v !== 1 || typeof spec.kind !== 'string' || typeof spec.paths !== 'object') return undefined;
    return { spec, pristine: h === hash(html.replace(MARK, '').trim()) };
  } catch {
    return undefined;
  }
}
