import { useSiteTheme } from '../theme/use-theme';

/** Switches between light and dark (from whatever is drawn now, the OS's choice included). */
export function ThemeToggle({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const { resolved, toggle } = useSiteTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <button
      type="button"
      className={`${withLabel ? 'site-nav-link site-theme-labelled' : 'site-icon-button'}${className ? ` ${className}` : ''}`}
      onClick={toggle}
      aria-label={withLabel ? undefined : label}
    >
      {resolved === 'dark' ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path
            d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" fill="currentColor" />
        </svg>
      )}
      {withLabel ? label : null}
    </button>
  );
}
