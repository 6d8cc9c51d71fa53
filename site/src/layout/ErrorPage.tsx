import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { PublicLayout } from './PublicLayout';

/** A screen that failed to load or render: say so, offer to try again. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  return (
    <PublicLayout>
      <section className="site-not-found" role="alert">
        <h1>Something went wrong</h1>
        <p>{error instanceof Error ? error.message : 'This page could not be shown.'}</p>
        <div className="site-actions">
          <button type="button" className="site-button site-button-primary" onClick={reset}>
            Try again
          </button>
          <Link to="/home" className="site-button site-button-secondary">
            Return to Home
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
