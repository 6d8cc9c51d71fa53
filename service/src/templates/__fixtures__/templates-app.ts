import type { PlanId, Role } from '@quire/core';
import { startAccessApp } from '../../__fixtures__/access-app';
import type { Answer, Person, RequestInit } from '../../__fixtures__/actors';
import { RecordingMailer } from '../../__fixtures__/recording-mailer';
import { createIdempotency } from '../../http/idempotency';
import { listRoutes, type RouteInfo } from '../../http/routes';
import type { Store } from '../../store/port';
import type { Usage } from '../../usage/index';
import { createTemplates, type Templates } from '../index';
import type { TemplateRenderer } from '../renderer';

export { PERSON_PASSWORD as PASSWORD } from '../../__fixtures__/actors';
export type { Answer, Person, RequestInit as CallOptions };

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
  call(credential: string, path: string, options?: RequestInit): Promise<Answer>;
  /** A new API key of the person's team (made through POST /v1/api-keys). */
  apiKey(owner: Person, role: Exclude<Role, 'owner'>): Promise<string>;
  /** Billing is another module: tests give a team a plan by writing the store. */
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  /** Puts a person in a team with a role directly (the invitation path has its own tests). */
  addMember(teamId: string, person: Person, role: Role): Promise<void>;
  close(): Promise<void>;
}

/**
 * The templates router as app.ts mounts it, on the real embedded store: the app's access layer (accounts,
 * teams, API keys whose calls are metered, usage) and idempotency in front of it, on loopback.
 */
export async function startTemplatesApp(options: { renderer?: TemplateRenderer } = {}): Promise<TemplatesApp> {
  let templates: Templates | undefined;
  const feature = await startAccessApp({
    name: 'templates',
    mailer: new RecordingMailer(),
    async mount(app, { store, logger, now, config }, { team, usage }) {
      templates = await createTemplates({
        store,
        logger,
        now,
        ...team,
        usage,
        idempotency: await createIdempotency({ store, now, secret: config.secret }),
        ...(options.renderer ? { renderer: options.renderer } : {}),
      });
      app.use('/v1/templates', templates.router);
    },
  });
  const { actors } = feature;
  return {
    url: feature.url,
    store: feature.deps.store,
    usage: feature.access.usage,
    templates: templates as Templates,
    routes: listRoutes(feature.app).filter((route) => route.path.startsWith('/v1/templates')),
    signUp: actors.signUp,
    call: actors.call,
    apiKey: (owner, role) => actors.apiKey(owner, role),
    setPlan: actors.setPlan,
    addMember: actors.addMember,
    close: feature.close,
  };
}
