import type { ValueType } from '../spec';
import type { Theme } from './theme';

/**
 * Liquid for reading and printing data. Data names from a user's schema may not be identifiers ("unit-price",
 * "Unit Price"): those segments are read with brackets.
 */
export function ref(path: string): string {
  return path
    .split('.')
    .map((segment, i) =>
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)
        ? i === 0
          ? segment
          : `.${segment}`
        : i === 0
          ? `["${segment}"]`
          : `["${segment}"]`,
    )
    .join('');
}

/** The filter a value prints with, in the document's locale and currency. */
export function filtered(expression: string, type: ValueType, t: Theme, dateStyle: 'long' | 'medium' = 'long'): string {
  switch (type) {
    case 'money':
      return `${expression} | money: "${t.currency}", "${t.locale}"`;
    case 'date':
      return `${expression} | date: "${dateStyle}", "UTC", "${t.locale}"`;
    case 'number':
      return t.locale === 'en-US' ? `${expression} | number` : `${expression} | number: nil, "${t.locale}"`;
    case 'percent':
      return `${expression} | percent: 1, "${t.locale}"`;
    default:
      return expression;
  }
}

export function out(path: string, type: ValueType, t: Theme, dateStyle: 'long' | 'medium' = 'long'): string {
  return `{{ ${filtered(ref(path), type, t, dateStyle)} }}`;
}

/** `{% if x != blank %}...{% endif %}`: optional values leave no empty label behind. */
export function ifPresent(path: string, html: string): string {
  return `{% if ${ref(path)} != blank %}${html}{% endif %}`;
}
