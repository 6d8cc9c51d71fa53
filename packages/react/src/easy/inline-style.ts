/**
 * Declarations of a `style="…"` value with their positions, and edits that touch one declaration only. Adding a
 * declaration and removing it again gives back the value as it was, byte for byte.
 */

export interface Declaration {
  /** Lower-cased property. */
  property: string;
  value: string;
  /** The declaration, from its property to the end of its value (without the `;`). */
  start: number;
  end: number;
  /** The value's own span. */
  valueStart: number;
  valueEnd: number;
  /** Where its `;` is, or -1 when none follows. */
  semicolon: number;
}

/** Splits a style value into declarations (`;` inside parentheses or quotes does not split). */
export function parseDeclarations(style: string): Declaration[] {
  const out: Declaration[] = [];
  let start = 0;
  let depth = 0;
  let quote = '';
  const push = (end: number, semicolon: number) => {
    const text = style.slice(start, end);
    const colon = text.indexOf(':');
    const lead = text.length - text.trimStart().length;
    if (colon > 0 && text.trim()) {
      const property = text.slice(0, colon).trim().toLowerCase();
      const rawValue = text.slice(colon + 1);
      const valueLead = rawValue.length - rawValue.trimStart().length;
      const value = rawValue.trim();
      const valueStart = start + colon + 1 + valueLead;
      out.push({
        property,
        value,
        start: start + lead,
        end: valueStart + value.length,
        valueStart,
        valueEnd: valueStart + value.length,
        semicolon,
      });
    }
  };
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      push(i, i);
      start = i + 1;
    }
  }
  push(style.length, -1);
  return out;
}

/** The value in force for a property (the last declaration wins, as in CSS), without `!important`. */
export function declared(style: string, property: string): string | undefined {
  const found = parseDeclarations(style).filter((d) => d.property === property);
  const last = found[found.length - 1];
  return last?.value.replace(/\s*!important\s*$/i, '');
}

/** Adds a declaration at the end, keeping the separator style of what is there. */
export function appendDeclaration(style: string, property: string, value: string): string {
  const trimmed = style.replace(/\s+$/, '');
  const rest = style.slice(trimmed.length);
  if (!trimmed) return `${property}: ${value}${rest}`;
  if (trimmed.endsWith(';')) return `${trimmed} ${property}: ${value};${rest}`;
  return `${trimmed}; ${property}: ${value}${rest}`;
}

/** Sets a property: its last declaration's value is replaced, or a declaration is added. */
export function setDeclaration(style: string, property: string, value: string): string {
  const found = parseDeclarations(style).filter((d) => d.property === property);
  const last = found[found.length - 1];
  if (!last) return appendDeclaration(style, property, value);
  return style.slice(0, last.valueStart) + value + style.slice(last.valueEnd);
}

/** Removes one declaration with the separator that goes with it (the reverse of `appendDeclaration`). */
export function removeDeclaration(style: string, declaration: Declaration): string {
  const before = style.slice(0, declaration.start);
  const previousSemicolon = before.lastIndexOf(';');
  const first = before.trim() === '';
  if (declaration.semicolon >= 0) {
    if (first) {
      // `a: 1; b: 2` without `a`: the declaration, its `;` and the space after it.
      let end = declaration.semicolon + 1;
      while (end < style.length && /\s/.test(style[end] as string)) end++;
      return style.slice(0, declaration.start) + style.slice(end);
    }
    // `a: 1; b: 2;` without `b`: the space before it, the declaration and its `;`.
    const from = previousSemicolon >= 0 ? previousSemicolon + 1 : 0;
    return style.slice(0, from) + style.slice(declaration.semicolon + 1);
  }
  if (previousSemicolon >= 0 && !first) {
    // `a: 1; b: 2` without `b`: from the `;` before it.
    return style.slice(0, previousSemicolon) + style.slice(declaration.end);
  }
  return style.slice(0, declaration.start) + style.slice(declaration.end);
}

/** Removes every declaration of a property (or only those with a given value). */
export function removeProperty(style: string, property: string, value?: string): string {
  let next = style;
  for (;;) {
    const found = parseDeclarations(next).filter(
      (d) => d.property === property && (value === undefined || d.value.toLowerCase() === value),
    );
    const last = found[found.length - 1];
    if (!last) return next;
    next = removeDeclaration(next, last);
  }
}
