import type { RenderWarning } from '@quire/core';

/** Collects what the converter ignored, once per distinct message, with how often it happened. */
export class Warnings {
  private readonly seen = new Map<string, RenderWarning & { count: number }>();

  add(code: string, message: string): void {
    const key = `${code}\u0000${message}`;
    const found = this.seen.get(key);
    if (found) found.count++;
    else this.seen.set(key, { code, message, count: 1 });
  }

  list(): RenderWarning[] {
    return [...this.seen.values()].map(({ code, message, count }) => ({
      code,
      message: count > 1 ? `${message} (${count} times)` : message,
    }));
  }
}
