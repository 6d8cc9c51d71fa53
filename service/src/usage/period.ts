/** The usage period a moment falls in: its calendar month in UTC, as `YYYY-MM`. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** First instant of the period and of the next one, ISO 8601 UTC. */
export function periodBounds(period: string): { start: string; end: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
    end: new Date(Date.UTC(year, month, 1)).toISOString(),
  };
}
