import { z } from 'zod';

/**
 * What an embed token may do besides reading the templates of its scope: `edit` (save drafts, edit the data
 * schema; with `new_templates`, create templates), `publish` (choose the version reports render; a save that
 * publishes), `ai` (write and refine templates with the AI, read the conversation), `preview` (render previews and
 * run the checks).
 */
export const EMBED_PERMISSIONS = ['edit', 'publish', 'ai', 'preview'] as const;
export const EmbedPermission = z.enum(EMBED_PERMISSIONS);
export type EmbedPermission = z.infer<typeof EmbedPermission>;

export type EmbedMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** One route an embed token may call: everything not in EMBED_ROUTES answers 403 embed_scope. */
export interface EmbedRoute {
  method: EmbedMethod;
  /** OpenAPI form, as in the document: `/v1/templates/{id}`. */
  path: string;
  /** Permissions the token must hold (reading needs none). */
  needs: readonly EmbedPermission[];
  /** The route makes a template: the token must allow new templates. */
  creates?: true;
  /** `{id}` is a template id: outside the token's templates it answers 404 template_not_found. */
  template?: true;
  /** A save that publishes unless its body says `"publish": false`: then `publish` is needed too. */
  publishesUnlessDraft?: true;
  /** Why a builder needs it (the table in service/README.md says the same). */
  why: string;
}

/**
 * The one allow-list of the routes an embed token may call: what the embedded template builder (@quire/react) uses
 * through @quire/client. Reports, data sources, webhooks, keys, teams, billing, usage, the audit log, accounts,
 * MCP and deleting or duplicating templates are not in it.
 */
export const EMBED_ROUTES: readonly EmbedRoute[] = [
  { method: 'GET', path: '/v1/starters', needs: [], why: 'the starter gallery of a new template' },
  { method: 'GET', path: '/v1/starters/{id}', needs: [], why: 'a starter’s content' },
  { method: 'GET', path: '/v1/templates', needs: [], why: 'the token’s templates only (a filtered list)' },
  { method: 'POST', path: '/v1/templates', needs: ['edit'], creates: true, why: 'a new template' },
  { method: 'GET', path: '/v1/templates/{id}', needs: [], template: true, why: 'open a template' },
  {
    method: 'PATCH',
    path: '/v1/templates/{id}',
    needs: ['edit'],
    template: true,
    publishesUnlessDraft: true,
    why: 'save (a draft with `"publish": false`)',
  },
  { method: 'GET', path: '/v1/templates/{id}/versions', needs: [], template: true, why: 'the version history' },
  { method: 'GET', path: '/v1/templates/{id}/versions/{version}', needs: [], template: true, why: 'one version' },
  {
    method: 'POST',
    path: '/v1/templates/{id}/versions/{version}/restore',
    needs: ['edit', 'publish'],
    template: true,
    why: 'undo: restoring publishes the old content as a new version',
  },
  { method: 'POST', path: '/v1/templates/{id}/publish', needs: ['publish'], template: true, why: 'publish a version' },
  { method: 'GET', path: '/v1/templates/{id}/schema', needs: [], template: true, why: 'the data’s JSON Schema' },
  {
    method: 'PUT',
    path: '/v1/templates/{id}/schema',
    needs: ['edit'],
    template: true,
    publishesUnlessDraft: true,
    why: 'edit the data’s schema',
  },
  { method: 'GET', path: '/v1/templates/{id}/types', needs: [], template: true, why: 'the data as TypeScript' },
  { method: 'POST', path: '/v1/templates/{id}/preview', needs: ['preview'], template: true, why: 'the preview' },
  { method: 'POST', path: '/v1/templates/{id}/check', needs: ['preview'], template: true, why: 'the checks' },
  {
    method: 'POST',
    path: '/v1/ai/templates',
    needs: ['ai', 'edit'],
    creates: true,
    why: 'a new template written by the AI',
  },
  {
    method: 'GET',
    path: '/v1/templates/{id}/messages',
    needs: ['ai'],
    template: true,
    why: 'the AI conversation of a template',
  },
  {
    method: 'POST',
    path: '/v1/templates/{id}/messages',
    needs: ['ai', 'edit'],
    template: true,
    why: 'refine with the AI (saved as a draft without `publish`)',
  },
];

export interface MatchedRoute {
  route: EmbedRoute;
  /** The path's parameters, decoded as Express decodes them. */
  params: Record<string, string>;
}

interface Compiled {
  route: EmbedRoute;
  pattern: RegExp;
  names: string[];
}

/** Express routes case-insensitively and with an optional trailing slash (its defaults): the patterns do too. */
function compile(route: EmbedRoute): Compiled {
  const names: string[] = [];
  const source = route.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`, 'i'), names };
}

const COMPILED = EMBED_ROUTES.map(compile);

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The allow-list row of a request (HEAD counts as GET, as Express routes it), or undefined. */
export function matchEmbedRoute(method: string, path: string): MatchedRoute | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const { route, pattern, names } of COMPILED) {
    if (route.method !== wanted) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [index, name] of names.entries()) {
      const value = decode(found[index + 1] as string);
      // A segment Express cannot decode answers 400 there; here it is simply not an allowed route.
      if (value === undefined) return undefined;
      params[name] = value;
    }
    return { route, params };
  }
  return undefined;
}

/** `METHOD /path` of every allowed route, for the OpenAPI document and tests. */
export const EMBED_ROUTE_KEYS: ReadonlySet<string> = new Set(EMBED_ROUTES.map((r) => `${r.method} ${r.path}`));
