/** A random UUID v4: Web Crypto's where there is one, else Math.random (idempotency keys need not be secret). */
export function uuid(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** An environment variable where there is a `process` (Node, Bun, Deno); undefined in browsers and edge runtimes. */
export function env(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}

/** A path with its parameters URL-encoded: path`/v1/templates/${id}`. */
export const path = (strings: TemplateStringsArray, ...params: (string | number)[]): string =>
  strings.reduce((out, part, i) => out + encodeURIComponent(String(params[i - 1])) + part);
