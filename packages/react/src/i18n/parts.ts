import type { SourcePart } from '../builder/types';
import type { MessageKey } from './messages';

/** The name each source part goes by in the UI. */
export const PART_LABELS: Record<SourcePart, MessageKey> = {
  html: 'editor.html',
  css: 'editor.css',
  header_html: 'editor.header',
  footer_html: 'editor.footer',
};
