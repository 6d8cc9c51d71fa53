import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CHECKLIST as C, DASHBOARD_TEXT as T } from '../../content/dashboard';

export interface ChecklistState {
  template: boolean | null;
  report: boolean | null;
  apiKey: boolean | null;
  apiCall: boolean | null;
}

/**
 * The first four steps, ticked from the team's real state. A step the person's role cannot see (a member does not
 * list API keys) is left out rather than shown wrong; `null` means unknown.
 */
export function FirstRunChecklist({ state }: { state: ChecklistState }) {
  const steps: { key: keyof ChecklistState; label: string; link: ReactNode }[] = [
    { key: 'template', label: C.template, link: <Link to="/templates">{C.template}</Link> },
    { key: 'report', label: C.report, link: <Link to="/reports/generate">{C.report}</Link> },
    { key: 'apiKey', label: C.apiKey, link: <Link to="/api-access">{C.apiKey}</Link> },
    { key: 'apiCall', label: C.apiCall, link: <Link to="/api-documentation">{C.apiCall}</Link> },
  ];
  const known = steps.filter((step) => state[step.key] !== null);
  const done = known.filter((step) => state[step.key]).length;
  return (
    <section className="app-card dash-checklist" aria-labelledby="dash-checklist-title">
      <h2 id="dash-checklist-title">{T.checklistTitle}</h2>
      {done === known.length ? (
        <p>{T.checklistDone}</p>
      ) : (
        <>
          <p className="dash-muted">
            {done} of {known.length} done
          </p>
          <ol className="dash-steps">
            {known.map((step) => (
              <li key={step.key} data-done={state[step.key] ? 'true' : 'false'}>
                <span className="dash-step-mark" aria-hidden="true">
                  {state[step.key] ? '✓' : ''}
                </span>
                {state[step.key] ? (
                  <span>
                    {step.label}
                    <span className="site-visually-hidden"> (done)</span>
                  </span>
                ) : (
                  step.link
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
