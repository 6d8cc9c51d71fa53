import { en, type MessageKey, type MessageOverrides, type Messages } from './messages';

/** Fills a message's `{name}` slots; a slot without a value stays as written, so that a missing value shows. */
export function fill(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}

/** A translate function over the English dictionary with the host's overrides on top. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function createTranslate(...overrides: (MessageOverrides | undefined)[]): Translate {
  const messages: Messages = Object.assign({}, en, ...overrides.filter(Boolean));
  return (key, values) => fill(messages[key], values);
}
