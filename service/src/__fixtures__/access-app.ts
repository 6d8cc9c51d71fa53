import type { Express } from 'express';
import { type Access, createAccess } from '../access/index';
import { type Actors, testActors } from './actors';
import { type FeatureApp, type FeatureAppOptions, type FeatureDeps, startFeatureApp } from './feature-app';
import { withTestIdentity, withTestRecentAuth } from './test-identity';

export interface AccessAppOptions extends Omit<FeatureAppOptions, 'mount'> {
  /** Mounts the feature's routers, built on the access layer as app.ts builds them. */
  mount(app: Express, deps: FeatureDeps, access: Access): Promise<void>;
}

export interface AccessApp extends FeatureApp {
  access: Access;
  actors: Actors;
}

/**
 * A feature's routers behind the app's own access layer (createAccess: accounts, usage, audit, teams and API
 * keys, with every access route mounted) on the real embedded store, on loopback. A request may also name a
 * test user by the test identity headers instead of signing in (see withTestIdentity).
 */
export async function startAccessApp(options: AccessAppOptions): Promise<AccessApp> {
  const holder: { access?: Access } = {};
  const feature = await startFeatureApp({
    ...options,
    async mount(app, deps) {
      const access = await createAccess({
        ...deps,
        identifyUser: withTestIdentity,
        requireRecentAuth: withTestRecentAuth,
      });
      holder.access = access;
      app.use(access.embedGuard);
      access.mount(app);
      await options.mount(app, deps, access);
    },
  });
  if (!holder.access) throw new Error(`the ${options.name} app did not mount`);
  const { store, now, mailer, dir } = feature.deps;
  return {
    ...feature,
    access: holder.access,
    actors: testActors({ url: feature.url, store, now, mailer, dataDir: dir }),
  };
}
