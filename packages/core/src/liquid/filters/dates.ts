import { badArgument, describe, isBlank } from './arguments';

export interface DateSettings {
  locale: string;
  timeZone: string;
  /** The clock, so that "now" is testable and reports can be rendered "as of" a time. */
  now: () => Date;
}

/** A moment to format; `floating` marks a calendar date ("2026-03-14") that no time zone may shift. */
interface Moment {
  date: Date;
  floating: boolean;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toMoment(value: unknown, now: () => Date): Moment {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw badArgument('date', 'the date is invalid');
    return { date: value, floating: false };
  }
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d{9,}$/.test(value.trim()))) {
    // Unix time: seconds, as in Liquid, unless the number is only plausible as milliseconds.
    const n = Number(value);
    return { date: new Date(Math.abs(n) < 1e11 ? n * 1000 : n), floating: false };
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === 'now' || text === 'today') return { date: now(), floating: false };
    const day = DATE_ONLY.exec(text);
    if (day) {
      const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      if (date.getUTCDate() !== Number(day[3])) throw badArgument('date', `${describe(value)} is not a date`);
      return { date, floating: true };
    }
    const parsed = Date.parse(text);
    if (!Number.isNaN(parsed)) return { date: new Date(parsed), floating: false };
  }
  throw badArgument('date', `${describe(value)} is not a date`);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, options);
    } catch (error) {
      throw badArgument('date', (error as Error).message);
    }
    if (dateFormats.size > 500) dateFormats.clear();
    dateFormats.set(key, found);
  }
  return found;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function fieldsIn(date: Date, timeZone: string): Fields {
  // The common case needs no Intl call: formatToParts is the slowest step of a long table's dates.
  if (timeZone === 'UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      weekday: date.getUTCDay(),
    };
  }
  const parts = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS[get('weekday')] ?? 0,
  };
}

function offsetMinutes(date: Date, fields: Fields): number {
  const asUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function formatOffset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}${colon ? ':' : ''}${pad(Math.abs(minutes) % 60)}`;
}

function dayOfYear(f: Fields): number {
  return Math.round((Date.UTC(f.year, f.month - 1, f.day) - Date.UTC(f.year, 0, 1)) / 86400000) + 1;
}

const PRESETS: Record<string, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  full: { dateStyle: 'full' },
  time: { timeStyle: 'short' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
};

function strftime(format: string, moment: Moment, timeZone: string, locale: string): string {
  const zone = moment.floating ? 'UTC' : timeZone;
  const f = fieldsIn(moment.date, zone);
  const name = (options: Intl.DateTimeFormatOptions) =>
    dateFormat(locale, { ...options, timeZone: zone }).format(moment.date);
  return format.replace(/%([-_0^]?)([a-zA-Z%])/g, (whole, flag: string, letter: string) => {
    const num = (n: number, width = 2) =>
      flag === '-' ? String(n) : flag === '_' ? String(n).padStart(width, ' ') : pad(n, width);
    const upper = (s: string) => (flag === '^' ? s.toLocaleUpperCase(locale) : s);
    switch (letter) {
      case 'Y':
        return String(f.year);
      case 'y':
        return num(f.year % 100);
      case 'C':
        return num(Math.floor(f.year / 100));
      case 'm':
        return num(f.month);
      case 'd':
        return num(f.day);
      case 'e':
        return flag === '-' ? String(f.day) : String(f.day).padStart(2, ' ');
      case 'j':
        return num(dayOfYear(f), 3);
      case 'H':
        return num(f.hour);
      case 'k':
        return String(f.hour).padStart(2, ' ');
      case 'I':
        return num(f.hour % 12 === 0 ? 12 : f.hour % 12);
      case 'l':
        return String(f.hour % 12 === 0 ? 12 : f.hour % 12).padStart(flag === '-' ? 0 : 2, ' ');
      case 'M':
        return num(f.minute);
      case 'S':
        return num(f.second);
      case 'L':
        return pad(moment.date.getUTCMilliseconds(), 3);
      case 'p':
        return f.hour < 12 ? 'AM' : 'PM';
      case 'P':
        return f.hour < 12 ? 'am' : 'pm';
      case 'A':
        return upper(name({ weekday: 'long' }));
      case 'a':
        return upper(name({ weekday: 'short' }));
      case 'B':
        return upper(name({ month: 'long' }));
      case 'b':
      case 'h':
        return upper(name({ month: 'short' }));
      case 'u':
        return String(f.weekday === 0 ? 7 : f.weekday);
      case 'w':
        return String(f.weekday);
      case 'z':
        return formatOffset(offsetMinutes(moment.date, f), false);
      case 'Z':
        return moment.floating
          ? 'UTC'
          : (dateFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
              .formatToParts(moment.date)
              .find((p) => p.type === 'timeZoneName')?.value ?? zone);
      case 's':
        return String(Math.floor(moment.date.getTime() / 1000));
      case 'D':
        return `${pad(f.month)}/${pad(f.day)}/${pad(f.year % 100)}`;
      case 'F':
        return `${f.year}-${pad(f.month)}-${pad(f.day)}`;
      case 'T':
        return `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
      case 'R':
        return `${pad(f.hour)}:${pad(f.minute)}`;
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case '%':
        return '%';
      default:
        return whole;
    }
  });
}

function iso(moment: Moment, timeZone: string): string {
  if (moment.floating) return moment.date.toISOString().slice(0, 10);
  if (timeZone === 'UTC') return moment.date.toISOString().replace('.000Z', 'Z');
  const f = fieldsIn(moment.date, timeZone);
  const offset = offsetMinutes(moment.date, f);
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${formatOffset(offset, true)}`;
}

/**
 * `{{ order.placed_at | date: "%B %-d, %Y", "Europe/Paris", "fr-FR" }}`. The format is a strftime pattern or a
 * preset (short, medium, long, full, time, datetime, iso); the default is medium. Calendar dates such as
 * "2026-03-14" are never shifted by the time zone. Blank input prints nothing; anything else that is not a date
 * is an error.
 */
export function date(settings: DateSettings) {
  return (value: unknown, format?: unknown, timeZone?: unknown, locale?: unknown): string => {
    if (isBlank(value)) return '';
    const moment = toMoment(value, settings.now);
    const zone = isBlank(timeZone) ? settings.timeZone : String(timeZone);
    const lang = isBlank(locale) ? settings.locale : String(locale);
    if (!isBlank(timeZone)) dateFormat('en-US', { timeZone: zone }); // rejects an unknown zone with a clear error
    const pattern = isBlank(format) ? 'medium' : String(format);
    if (pattern === 'iso') return iso(moment, zone);
    const preset = PRESETS[pattern];
    if (preset) return dateFormat(lang, { ...preset, timeZone: moment.floating ? 'UTC' : zone }).format(moment.date);
    return strftime(pattern, moment, zone, lang);
  };
}
