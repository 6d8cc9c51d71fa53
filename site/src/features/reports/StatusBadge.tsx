import type { Report } from '@quire/client';
import { statusLabel } from './report-format';

/** A report's status as a word with a colour (the word carries it: the colour only repeats it). */
export function StatusBadge({ status }: { status: Report['status'] }) {
  return (
    <span className="reports-status" data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
