import type { PlanId, Role } from '@quire/core';
import { type FeatureApp, startFeatureApp } from '../../__fixtures__/feature-app';
import { authenticateUserOrApiKey, createApiKeyAuthenticator, createApiKeys } from '../../api-keys/index';
import { RecordingMailer } from '../../auth/__fixtures__/auth-app';
import { createAuth } from '../../auth/index';
import { createIdempotency } from '../../http/idempotency';
import { listRoutes, type RouteInfo } from '../../http/routes';
import type { Store } from '../../store/port';
import { createTeams, openTeamCollections } from '../../teams/index';
import { membershipId } from '../../teams/model';
import { createUsage, type Usage } from '../../usage/index';
import { createTemplates, type Templates } from '../index';
import type { TemplateRenderer } from '../renderer';

export const PASSWORD = 'Quire-templates-2026!';

/** A signed-in person with their personal team. */
export interface Person {
  id: string;
  email: string;
  token: string;
  /** Their personal team, of which they are the owner. */
  teamId: string;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** The Quire-Team header. */
  team?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text of any other body. */
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
  body: any;
  bytes: Buffer;
}

export interface TemplatesApp {
  url: string;
  store: Store;
  usage: Usage;
  templates: Templates;
  /** The routes of the templates router, as Express lists them (`/v1/templates/:id`...). */
  routes: RouteInfo[];
  /** Signs up, confirms by the emailed link and signs in with a password: the real accounts module. */
  signUp(name: string): Promise<Person>;
  /** Calls with a credential: a person's access token or an API key's secret. */
  call(credential: string, path: string, options?: CallOptions): Promise<Answer>;
  /** A new API key of the person's team (made through POST /v1/api-keys). */
  apiKey(owner: Person, role: Exclude<Role, 'owner'>): Promise<string>;
  /** Billing is another module: tests give a team a plan by writing the store. */
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  /** Puts a person in a team with a role directly (the invitation path has its own tests). */
  addMember(teamId: string, person: Person, role: Role): Promise<void>;
  close(): Promise<void>;
}

let people = 0;

/**
 * The templates router as app.ts will mount it, on the real embedded store: the real accounts, teams, API keys
 * (whose calls are metered), usage and idempotency modules in front of it, on loopback.
 */
export async function startTemplatesApp(options: { renderer?: TemplateRenderer } = {}): Promise<TemplatesApp> {
  const mailer = new RecordingMailer();
  let usage: Usage | undefined;
  let templates: Templates | undefined;
  const feature: FeatureApp = await startFeatureApp({
    name: 'templates',
    mailer,
    async mount(app, deps) {
      const { store, logger, now } = deps;
      const auth = await createAuth(deps);
      usage = await createUsage({ store, logger, now });
      const meter = usage.meterApiCall;
      const authenticateKey = await createApiKeyAuthenticator({ store, now });
      const authenticate = authenticateUserOrApiKey(auth.requireUser, async (req, res, next) => {
        await authenticateKey(req, res, (error?: unknown) => (error ? next(error) : meter(req, res, next)));
      });
      const teams = await createTeams({ ...deps, authenticate });
      const team = { authenticate, actingTeam: teams.actingTeam, requirePermission: teams.requirePermission };
      const apiKeys = await createApiKeys({ ...deps, ...team });
      templates = await createTemplates({
        store,
        logger,
        now,
        ...team,
        usage,
        idempotency: await createIdempotency({ store, now, secret: deps.config.secret }),
        ...(options.renderer ? { renderer: options.renderer } : {}),
      });
      app.use('/v1/auth', auth.router);
      app.use('/v1/team', teams.router);
      app.use('/v1/api-keys', apiKeys.router);
      app.use('/v1/templates', templates.router);
    },
  });
  const { url } = feature;
  const { store } = feature.deps;
  const collections = await openTeamCollections(store);

  async function call(credential: string, path: string, init: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (credential) headers.Authorization = `Bearer ${credential}`;
    if (init.team) headers['Quire-Team'] = init.team;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : bytes.toString('utf8');
    return { status: response.status, headers: response.headers, body, bytes };
  }

  async function signUp(name: string): Promise<Person> {
    people += 1;
    const email = `${name}${people}@example.com`;
    const signup = await call('', '/v1/auth/signup', { method: 'POST', body: { email, password: PASSWORD } });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
    const link = new URL((await mailer.latest('verify_email', email)).links?.verify ?? '');
    const verified = await call('', `${link.pathname}${link.search}`);
    if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
    const login = await call('', '/v1/auth/token?grant_type=password', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    if (login.status !== 200) throw new Error(`token: ${login.status} ${JSON.stringify(login.body)}`);
    const token = login.body.access_token as string;
    const team = await call(token, '/v1/team');
    return { id: login.body.user.id, email, token, teamId: team.body.id };
  }

  return {
    url,
    store,
    usage: usage as Usage,
    templates: templates as Templates,
    routes: listRoutes(feature.app).filter((route) => route.path.startsWith('/v1/templates')),
    signUp,
    call,
    async apiKey(owner, role) {
      const key = await call(owner.token, '/v1/api-keys', { method: 'POST', body: { name: role, role } });
      if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
      return key.body.secret as string;
    },
    async setPlan(teamId, plan) {
      await collections.teams.updateOne({ id: teamId }, { set: { plan } });
    },
    async addMember(teamId, person, role) {
      await collections.memberships.insert({
        id: membershipId(teamId, person.id),
        teamId,
        userId: person.id,
        email: person.email,
        role,
        status: 'active',
        joinedAt: feature.deps.now().toISOString(),
      });
    },
    close: feature.close,
  };
}
