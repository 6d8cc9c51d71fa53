import type { OutputStream } from './io';

export interface ProgressOptions {
  /** Clock in milliseconds; tests pass their own. */
  now?: () => number;
  /** How often a line is printed when the stream is not a terminal. Default: 5 s. */
  plainIntervalMs?: number;
}

// Redrawing more often than this only costs time: nobody reads faster.
const REDRAW_MS = 100;
const BAR_WIDTH = 24;

/**
 * A progress bar for a batch: done/total, rate and time left. On a terminal it is one line redrawn in place; in a
 * log (CI, a file) it is a plain line now and then, since carriage returns would pile up there.
 */
export class Progress {
  readonly #stream: OutputStream;
  readonly #total: number;
  readonly #now: () => number;
  readonly #plainIntervalMs: number;
  readonly #started: number;
  #done = 0;
  #failed = 0;
  #lastDraw = Number.NEGATIVE_INFINITY;
  #finished = false;

  constructor(stream: OutputStream, total: number, options: ProgressOptions = {}) {
    this.#stream = stream;
    this.#total = total;
    this.#now = options.now ?? (() => performance.now());
    this.#plainIntervalMs = options.plainIntervalMs ?? 5_000;
    this.#started = this.#now();
    if (this.#tty) this.#draw();
  }

  get #tty(): boolean {
    return this.#stream.isTTY === true;
  }

  /** One more item is done, well or not. */
  tick(failed = false): void {
    this.#done++;
    if (failed) this.#failed++;
    const now = this.#now();
    if (now - this.#lastDraw >= (this.#tty ? REDRAW_MS : this.#plainIntervalMs)) this.#draw(now);
  }

  /** Draws the final state and leaves the cursor on a fresh line. */
  finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#draw();
    if (this.#tty) this.#stream.write('\n');
  }

  /** The status line without bar: `120/500 24% · 12.3/s · 0:31 left · 2 failed`. */
  status(now = this.#now()): string {
    const seconds = Math.max(0, (now - this.#started) / 1000);
    const rate = seconds > 0 ? this.#done / seconds : 0;
    const percent = this.#total > 0 ? Math.floor((this.#done / this.#total) * 100) : 100;
    const left = this.#total - this.#done;
    const eta = left === 0 ? 'done' : rate > 0 ? `${duration(left / rate)} left` : '--:-- left';
    const parts = [`${this.#done}/${this.#total} ${percent}%`, `${rate.toFixed(1)}/s`, eta];
    if (this.#failed) parts.push(`${this.#failed} failed`);
    return parts.join(' · ');
  }

  #draw(now = this.#now()): void {
    this.#lastDraw = now;
    if (!this.#tty) {
      this.#stream.write(`${this.status(now)}\n`);
      return;
    }
    const filled = this.#total > 0 ? Math.round((this.#done / this.#total) * BAR_WIDTH) : BAR_WIDTH;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    let line = `${bar} ${this.status(now)}`;
    const columns = this.#stream.columns;
    if (columns && line.length >= columns) line = line.slice(0, columns - 1);
    // \x1b[K clears what a longer previous line left behind.
    this.#stream.write(`\r${line}\x1b[K`);
  }
}

/** Seconds as `m:ss`, or `h:mm:ss` from an hour on. */
export function duration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
