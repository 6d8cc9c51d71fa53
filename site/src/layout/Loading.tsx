import { LOADING_TEXT } from '../content/navigation';

/** What a lazily loaded screen shows until its code has arrived (the seed's "Loading..."). */
export function Loading() {
  return (
    <div className="site-loading" role="status" aria-live="polite">
      <span className="site-spinner" aria-hidden="true" />
      {LOADING_TEXT}
    </div>
  );
}
