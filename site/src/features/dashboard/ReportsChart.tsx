import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { REPORT_SERIES, DASHBOARD_TEXT as T } from '../../content/dashboard';

export interface ReportDay {
  date: string;
  queued: number;
  rendering: number;
  succeeded: number;
  failed: number;
}

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Reports per day by status, stacked (recharts). The same figures as a table for screen readers, since a chart's
 * bars say nothing to them.
 */
export function ReportsChart({ days }: { days: ReportDay[] }) {
  const rows = days.map((d) => ({
    day: dayLabel(d.date),
    date: d.date,
    succeeded: d.succeeded,
    failed: d.failed,
    pending: d.queued + d.rendering,
  }));
  const total = rows.reduce((sum, r) => sum + r.succeeded + r.failed + r.pending, 0);
  return (
    <section className="app-card dash-chart" aria-labelledby="dash-chart-title">
      <h2 id="dash-chart-title">{T.chartTitle}</h2>
      <p className="dash-muted">
        {total.toLocaleString('en')} in the last {days.length} days
      </p>
      <div className="dash-chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="var(--quire-border)" vertical={false} />
            <XAxis dataKey="day" tick={{ fill: 'var(--quire-fg-muted)', fontSize: 12 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fill: 'var(--quire-fg-muted)', fontSize: 12 }} />
            <Tooltip
              contentStyle={{ background: 'var(--quire-bg-raised)', border: '1px solid var(--quire-border)' }}
              labelStyle={{ color: 'var(--quire-fg)' }}
              cursor={{ fill: 'var(--quire-bg-subtle)' }}
            />
            <Legend wrapperStyle={{ color: 'var(--quire-fg)', fontSize: 13 }} />
            {REPORT_SERIES.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="status"
                fill={s.colour}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="site-visually-hidden">
        <table>
          <caption>{T.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {REPORT_SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <th scope="row">{r.day}</th>
                {REPORT_SERIES.map((s) => (
                  <td key={s.key}>{r[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
