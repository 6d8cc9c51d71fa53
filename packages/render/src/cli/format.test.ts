import { describe, expect, it } from 'vitest';
import { collector } from './__fixtures__/harness';
import { formatSourceError } from './errors';
import { duration, Progress } from './progress';

describe('formatSourceError', () => {
  it('puts a caret under the column, keeping tabs so it lines up', () => {
    const text = formatSourceError(
      { origin: 'a.html', text: 'one\n\t<p>{{ x | y }}</p>', line: 2, column: 5 },
      'bad (line 2, column 5)',
    );
    expect(text).toBe('a.html:2:5: bad\n    2 | \t<p>{{ x | y }}</p>\n      | \t   ^');
  });

  it('shows a window of a very long line', () => {
    const line = `${'x'.repeat(300)}{{ oops }}${'y'.repeat(300)}`;
    const text = formatSourceError({ origin: 'a.html', text: line, line: 1, column: 301 }, 'bad');
    const [, source = '', caret = ''] = text.split('\n');
    expect(source.length).toBeLessThan(140);
    expect(source.indexOf('{{ oops }}')).toBe(caret.indexOf('^'));
  });

  it('prints only the location when the line is not there', () => {
    expect(formatSourceError({ origin: 'a.html', text: 'one', line: 9, column: 1 }, 'bad')).toBe('a.html:9:1: bad');
  });
});

describe('Progress', () => {
  it('prints plain lines now and then when stderr is not a terminal', () => {
    const out = collector(false);
    let now = 0;
    const progress = new Progress(out, 4, { now: () => now, plainIntervalMs: 1000 });
    now = 500;
    progress.tick();
    now = 800;
    progress.tick(true);
    now = 2000;
    progress.tick();
    progress.tick();
    progress.finish();
    expect(out.text()).toBe(
      [
        '1/4 25% · 2.0/s · 0:02 left',
        '3/4 75% · 1.5/s · 0:01 left · 1 failed',
        '4/4 100% · 2.0/s · done · 1 failed',
        '',
      ].join('\n'),
    );
  });

  it('redraws one line with a carriage return on a terminal', () => {
    const out = collector(true);
    let now = 0;
    const progress = new Progress(out, 2, { now: () => now });
    now = 1000;
    progress.tick();
    now = 2000;
    progress.tick();
    progress.finish();
    const text = out.text();
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('\r████████████████████████ 2/2 100% · 1.0/s · done');
  });

  it('formats durations', () => {
    expect(duration(5)).toBe('0:05');
    expect(duration(125)).toBe('2:05');
    expect(duration(3725)).toBe('1:02:05');
  });
});
