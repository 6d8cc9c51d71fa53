import { badArgument, isBlank, optionalInteger, toNumber } from './arguments';

export interface NumberSettings {
  locale: string;
  currency: string;
}

// Intl formatters are slow to build and fast to use: keep one per option set.
const formatters = new Map<string, Intl.NumberFormat>();

/** The options the number filters set; the cache's key names each of them. */
type FormatOptions = Pick<
  Intl.NumberFormatOptions,
  'style' | 'currency' | 'minimumFractionDigits' | 'maximumFractionDigits'
>;

/** A cached Intl.NumberFormat; a bad locale or option is the filter's argument error. */
export function formatter(filter: string, locale: string, options: FormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options.style}|${options.currency}|${options.minimumFractionDigits}|${options.maximumFractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.NumberFormat(locale, options);
    } catch (error) {
      throw badArgument(filter, (error as Error).message);
    }
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

// -0 would print as "-0.00"; an amount of nothing is zero.
const noNegativeZero = (n: number) => (Object.is(n, -0) ? 0 : n);

function localeArg(filter: string, value: unknown, fallback: string): string {
  if (isBlank(value)) return fallback;
  if (typeof value !== 'string') throw badArgument(filter, 'the locale must be text such as "en-US"');
  return value;
}

/** `{{ 1234.5 | money: "EUR", "de-DE" }}` → `1.234,50 €`. Blank input prints nothing. */
export function money(settings: NumberSettings) {
  return (value: unknown, currency?: unknown, locale?: unknown): string => {
    if (isBlank(value)) return '';
    const code = isBlank(currency) ? settings.currency : String(currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(code))
      throw badArgument('money', `"${String(currency)}" is not a currency code such as "USD"`);
    const amount = noNegativeZero(toNumber('money', value));
    return formatter('money', localeArg('money', locale, settings.locale), {
      style: 'currency',
      currency: code,
    }).format(amount);
  };
}

/** `{{ 1234.567 | number: 2 }}` → `1,234.57`; without decimals, up to two are shown. */
export function number(settings: NumberSettings) {
  return (value: unknown, decimals?: unknown, locale?: unknown): string => {
    if (isBlank(value)) return '';
    const digits = optionalInteger('number', 'decimals', decimals, 0, 20);
    const options: Intl.NumberFormatOptions =
      digits === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    return formatter('number', localeArg('number', locale, settings.locale), options).format(
      noNegativeZero(toNumber('number', value)),
    );
  };
}

/** `{{ 0.125 | percent: 1 }}` → `12.5%`: the input is a fraction. */
export function percent(settings: NumberSettings) {
  return (value: unknown, decimals?: unknown, locale?: unknown): string => {
    if (isBlank(value)) return '';
    const digits = optionalInteger('percent', 'decimals', decimals, 0, 20) ?? 0;
    return formatter('percent', localeArg('percent', locale, settings.locale), {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(noNegativeZero(toNumber('percent', value)));
  };
}
