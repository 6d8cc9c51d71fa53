/** An integer attribute as HTML parses it (`start`, `value`): a sign and digits after white space; else null. */
export function integerAttribute(value: string | undefined): number | null {
  const match = value === undefined ? null : /^\s*([-+]?\d+)/.exec(value);
  return match ? Number(match[1]) : null;
}
