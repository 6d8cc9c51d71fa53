/**
 * The web app's route patterns (site/dist/routes.json, written by the site's build from TanStack Router's route
 * tree) as one matcher: `/templates/$id` matches `/templates/tpl_1`, `/files/$` any path below `/files`,
 * `{-$lang}` an optional segment. Matching ignores case and a trailing slash, as the router does.
 */
export type RouteMatcher = (path: string) => boolean;

const PARAM = /^\$[A-Za-z_][\w]*$/;
const OPTIONAL_PARAM = /^\{-\$[A-Za-z_][\w]*\}$/;
// A parameter with a literal prefix or suffix: `{$id}.json`, `post-{$slug}`.
const BRACED_PARAM = /^(.*)\{\$[A-Za-z_][\w]*\}(.*)$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function segmentSource(segment: string): string {
  if (segment === '$') return '(?:/.*)?';
  if (PARAM.test(segment)) return '/[^/]+';
  if (OPTIONAL_PARAM.test(segment)) return '(?:/[^/]+)?';
  const braced = BRACED_PARAM.exec(segment);
  if (braced) return `/${escapeRegExp(braced[1] ?? '')}[^/]+${escapeRegExp(braced[2] ?? '')}`;
  return `/${escapeRegExp(segment)}`;
}

export function compilePattern(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  return new RegExp(`^${segments.map(segmentSource).join('')}/?$`, 'i');
}

export function routeMatcher(patterns: readonly string[]): RouteMatcher {
  const compiled = patterns.map(compilePattern);
  return (path) => compiled.some((pattern) => pattern.test(path === '' ? '/' : path));
}
