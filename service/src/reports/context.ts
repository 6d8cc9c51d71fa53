import type { ReportsDeps } from './deps';
import type { ReportCollections } from './records';
import type { Retention } from './retention';
import type { Settle } from './settle';

/** The module's dependencies with what it builds on them once: its collections, transitions and retention. */
export interface ReportsContext extends ReportsDeps {
  collections: ReportCollections;
  settle: Settle;
  retention: Retention;
  /** Wakes this process's render worker (when it runs here) for a job just enqueued. */
  notifyWorker(): void;
}
