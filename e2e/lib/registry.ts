import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, waitForHttp } from './net';
import { run, startBackground } from './processes';
import { check, onCleanup, ROOT, showLogOnFailure, userEnv } from './runner';

export interface PublicPackage {
  name: string;
  version: string;
  dir: string;
}

/** The packages under packages/ that are published (not private). */
export async function publicPackages(): Promise<PublicPackage[]> {
  const found: PublicPackage[] = [];
  for (const entry of await readdir(join(ROOT, 'packages'), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(ROOT, 'packages', entry.name);
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (!manifest) continue;
    const {
      name,
      version,
      private: isPrivate,
    } = JSON.parse(manifest) as {
      name: string;
      version: string;
      private?: boolean;
    };
    if (!isPrivate) found.push({ name, version, dir });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Verdaccio on loopback with an empty storage in `dir`, no uplinks, anyone may publish (TOOLCHAIN.md). */
export async function startRegistry(dir: string): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(dir, 'verdaccio.yaml');
  await mkdir(join(dir, 'storage'), { recursive: true });
  await writeFile(
    config,
    [
      `storage: ${JSON.stringify(join(dir, 'storage'))}`,
      `auth: { htpasswd: { file: ${JSON.stringify(join(dir, 'htpasswd'))}, max_users: -1 } }`,
      'uplinks: {}',
      "packages: { '**': { access: $all, publish: $anonymous, unpublish: $anonymous } }",
      'middlewares: { audit: { enabled: false } }',
      'log: { type: stdout, format: pretty, level: warn }',
      'publish: { allow_offline: true }',
      'web: { enable: false }',
      '',
    ].join('\n'),
  );
  const logFile = join(dir, 'verdaccio.log');
  const registry = startBackground(
    'verdaccio',
    'pnpm',
    ['exec', 'verdaccio', '--config', config, '--listen', `127.0.0.1:${port}`],
    {
      cwd: ROOT,
      env: userEnv(),
      logFile,
    },
  );
  onCleanup(() => registry.stop());
  showLogOnFailure('verdaccio', logFile);
  await waitForHttp(`${url}-/ping`, registry, 60_000);
  return url;
}

/**
 * Publishes every public package to `registry` as a release would (`pnpm publish` rewrites `workspace:^`), with
 * the registry's anonymous token and a fresh metadata cache, then checks what the registry serves.
 */
export async function publishAll(dir: string, registry: string, packages: PublicPackage[]): Promise<void> {
  const host = registry.replace(/^https?:/, '');
  const userConfig = join(dir, 'npmrc');
  await writeFile(userConfig, `${host}:_authToken=anonymous\n`);
  await run(
    'pnpm',
    ['-r', '--filter', './packages/**', 'publish', '--registry', registry, '--no-git-checks', '--access', 'public'],
    {
      cwd: ROOT,
      env: userEnv({ NPM_CONFIG_USERCONFIG: userConfig, XDG_CACHE_HOME: join(dir, 'xdg-cache') }),
      timeoutMs: 120_000,
    },
  );
  const names = new Set(packages.map((p) => p.name));
  for (const pkg of packages) {
    const response = await fetch(`${registry}${pkg.name.replace('/', '%2f')}`);
    check(response.ok, `${pkg.name} is not on the registry after publishing (HTTP ${response.status})`);
    const packument = (await response.json()) as {
      versions: Record<string, { dependencies?: Record<string, string>; dist: { tarball: string } }>;
    };
    const published = packument.versions[pkg.version];
    check(published, `${pkg.name}@${pkg.version} is not on the registry (it has ${Object.keys(packument.versions)})`);
    for (const [dep, range] of Object.entries(published.dependencies ?? {})) {
      check(!range.startsWith('workspace:'), `${pkg.name} was published depending on ${dep}@${range}`);
      if (names.has(dep)) console.log(`  ${pkg.name} → ${dep}@${range}`);
    }
    console.log(`  ${pkg.name}@${pkg.version}`);
  }
}
