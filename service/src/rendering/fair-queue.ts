/**
 * Which workers a render runs on. Reports (synchronous and jobs) and previews (previews and checks of templates,
 * the AI's checks) have workers of their own, so that a preview never waits behind reports, whoever sent them.
 */
export type RenderLane = 'reports' | 'previews';
export const RENDER_LANES: readonly RenderLane[] = ['reports', 'previews'];

/** Lets the next render start; call it once when a render ends, however it ends. */
export type Release = () => void;

interface Waiting {
  limit: number;
  start(release: Release): void;
}

export interface LaneStats {
  /** Workers of the lane. */
  capacity: number;
  running: number;
  queued: number;
  /** Renders running, by team. */
  runningByTeam: Record<string, number>;
}

/**
 * One lane: at most `capacity` renders at once, at most a team's own limit of them for each team. A free worker
 * goes to the waiting team with the fewest renders running (ties: the team that waited longest since it was last
 * served), so one team's hundred queued renders delay another team's one by a single render at most, not by a
 * hundred.
 */
class Lane {
  readonly #capacity: number;
  #running = 0;
  readonly #runningByTeam = new Map<string, number>();
  // Insertion order is the rotation: a team served goes to the back.
  readonly #waiting = new Map<string, Waiting[]>();

  constructor(capacity: number) {
    this.#capacity = Math.max(1, capacity);
  }

  acquire(team: string, limit: number, signal?: AbortSignal): Promise<Release> {
    return new Promise<Release>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const waiting: Waiting = {
        limit: Math.max(1, limit),
        start: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const queue = this.#waiting.get(team);
        const index = queue?.indexOf(waiting) ?? -1;
        if (!queue || index < 0) return;
        queue.splice(index, 1);
        if (queue.length === 0) this.#waiting.delete(team);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.#waiting.get(team);
      if (queue) queue.push(waiting);
      else this.#waiting.set(team, [waiting]);
      this.#dispatch();
    });
  }

  stats(): LaneStats {
    let queued = 0;
    for (const queue of this.#waiting.values()) queued += queue.length;
    return {
      capacity: this.#capacity,
      running: this.#running,
      queued,
      runningByTeam: Object.fromEntries(this.#runningByTeam),
    };
  }

  #dispatch(): void {
    while (this.#running < this.#capacity) {
      const team = this.#next();
      if (team === undefined) return;
      const queue = this.#waiting.get(team) as Waiting[];
      const waiting = queue.shift() as Waiting;
      this.#waiting.delete(team);
      if (queue.length > 0) this.#waiting.set(team, queue);
      this.#running += 1;
      this.#runningByTeam.set(team, (this.#runningByTeam.get(team) ?? 0) + 1);
      let released = false;
      waiting.start(() => {
        if (released) return;
        released = true;
        this.#running -= 1;
        const left = (this.#runningByTeam.get(team) ?? 1) - 1;
        if (left > 0) this.#runningByTeam.set(team, left);
        else this.#runningByTeam.delete(team);
        this.#dispatch();
      });
    }
  }

  /** The waiting team under its limit with the fewest renders running; the first in rotation order on a tie. */
  #next(): string | undefined {
    let best: string | undefined;
    let bestRunning = Number.POSITIVE_INFINITY;
    for (const [team, queue] of this.#waiting) {
      const running = this.#runningByTeam.get(team) ?? 0;
      const head = queue[0];
      if (head && running < head.limit && running < bestRunning) {
        best = team;
        bestRunning = running;
      }
    }
    return best;
  }
}

/**
 * The render workers' waiting room: one queue per team in each lane, served in turn, with a per-team limit on
 * renders at once (the plan's). It only decides who goes next; the caller runs the render and releases its place.
 */
export class FairQueue {
  readonly #lanes: Record<RenderLane, Lane>;

  constructor(capacity: Record<RenderLane, number>) {
    this.#lanes = { reports: new Lane(capacity.reports), previews: new Lane(capacity.previews) };
  }

  /** Waits for a place in the lane for `team`, which may hold `limit` at once; rejects if `signal` aborts first. */
  acquire(lane: RenderLane, team: string, limit: number, signal?: AbortSignal): Promise<Release> {
    return this.#lanes[lane].acquire(team, limit, signal);
  }

  stats(): Record<RenderLane, LaneStats> {
    return { reports: this.#lanes.reports.stats(), previews: this.#lanes.previews.stats() };
  }
}
