import { DASHBOARD_TEXT as T, USAGE_METERS } from '../../content/dashboard';

export interface UsageFigures {
  usage: Record<string, { used: number; limit: number }>;
  period: { start: string; end: string };
}

/** A meter per plan limit: used against the limit, warning from 80 %, full at the limit. */
export function UsageMeters({ usage }: { usage: UsageFigures }) {
  const month = new Date(usage.period.start).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <section className="app-card dash-usage" aria-labelledby="dash-usage-title">
      <h2 id="dash-usage-title">{T.usageTitle}</h2>
      <p className="dash-muted">{month}</p>
      <ul className="dash-meters">
        {USAGE_METERS.map(({ limit, label }) => {
          const figure = usage.usage[limit];
          if (!figure) return null;
          const unlimited = !Number.isFinite(figure.limit) || figure.limit <= 0;
          const share = unlimited ? 0 : Math.min(1, figure.used / figure.limit);
          const level = share >= 1 ? 'full' : share >= 0.8 ? 'high' : 'ok';
          return (
            <li key={limit} className="dash-meter" data-level={level}>
              <div className="dash-meter-head">
                <span id={`dash-meter-${limit}`}>{label}</span>
                <span>
                  {figure.used.toLocaleString('en')} / {unlimited ? T.unlimited : figure.limit.toLocaleString('en')}
                </span>
              </div>
              <meter
                aria-labelledby={`dash-meter-${limit}`}
                min={0}
                max={unlimited ? Math.max(1, figure.used) : figure.limit}
                low={unlimited ? undefined : figure.limit * 0.8}
                high={unlimited ? undefined : figure.limit * 0.95}
                optimum={0}
                value={figure.used}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
