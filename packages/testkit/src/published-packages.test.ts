import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Checks of the packages the workspace publishes (every package under packages/ that is not private): what npm
// shows of them, what they ship, and that their READMEs' examples ask for nothing the README does not install.
const ROOT = new URL('../../..', import.meta.url).pathname;
const REPOSITORY = 'https://github.com/quire-dev/quire';
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

const published = readdirSync(join(ROOT, 'packages'))
  .map((name) => join(ROOT, 'packages', name))
  .filter((dir) => statSync(dir).isDirectory())
  .map((dir) => ({ dir, manifest: readManifest(dir) }))
  .filter(({ manifest }) => !manifest.private);

/** Every file under `dir`, node_modules and builds left out. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Where Node finds package `name` from a file in `from` (the pnpm layout included: dependencies are siblings). */
function resolvePackage(from: string, name: string): string | undefined {
  for (let dir = realpathSync(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (basename(dir) !== 'node_modules' && existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The packages under `dir`'s dependencies (all the way down) whose `engines.node` does not allow Node `version`,
 * each with the chain that pulls it in: what npm warns about, or refuses with engine-strict, on that Node.
 */
function enginesRefusing(dir: string, version: string): string[] {
  const refusing: string[] = [];
  const seen = new Set<string>();
  const visit = (pkgDir: string, chain: string[]) => {
    const manifest = readManifest(pkgDir);
    const id = `${manifest.name}@${manifest.version}`;
    const range = manifest.engines?.node;
    if (chain.length > 0 && range && !semver.satisfies(version, range)) {
      refusing.push(`${[...chain, id].join(' > ')} wants Node ${range}`);
    }
    if (seen.has(pkgDir)) return;
    seen.add(pkgDir);
    const optional = manifest.optionalDependencies ?? {};
    for (const name of Object.keys({ ...manifest.dependencies, ...optional })) {
      const found = resolvePackage(pkgDir, name);
      if (found) visit(found, [...chain, id]);
      else if (!(name in optional)) refusing.push(`${[...chain, id].join(' > ')}: ${name} is not installed`);
    }
  };
  visit(dir, []);
  return refusing;
}

/** The fenced code blocks of a Markdown text with their language. */
const codeBlocks = (markdown: string) =>
  [...markdown.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1] ?? '', code: m[2] ?? '' }));

/** The package names a README tells people to install (`npm install a b`, `pnpm add a`), without versions. */
function installedByReadme(readme: string): Set<string> {
  const names = new Set<string>();
  for (const { code } of codeBlocks(readme)) {
    for (const line of code.split('\n')) {
      const command = /^\s*(?:npm (?:install|i|add)|pnpm add|yarn add)\s+(.*)$/.exec(line.replace(/#.*$/, ''));
      for (const word of command?.[1]?.split(/\s+/) ?? []) {
        if (word && !word.startsWith('-')) names.add(word.replace(/(?<=.)@[^/]*$/, ''));
      }
    }
  }
  return names;
}

/** The package a module specifier names (`@quire/client`, `zod`), or undefined for files and Node's modules. */
function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|node:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

it('finds the published packages', () => {
  expect(published.map(({ manifest }) => manifest.name).sort()).toEqual([
    '@quire/client',
    '@quire/core',
    '@quire/fonts-cjk',
    '@quire/mcp',
    '@quire/react',
    '@quire/render',
  ]);
});

it('has the MIT license at the root, with the copyright of the Quire contributors', () => {
  expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(
    /^MIT License\n\nCopyright \(c\) \d{4} Quire contributors\n\nPermission is hereby granted, free of charge/,
  );
});

describe.each(published)('$manifest.name', ({ dir, manifest }) => {
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');

  it('has the fields npm shows: license, repository, homepage, bugs, keywords, and declares its side effects', () => {
    const directory = relative(ROOT, dir);
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: `git+${REPOSITORY}.git`, directory },
      homepage: `${REPOSITORY}/tree/main/${directory}#readme`,
      bugs: { url: `${REPOSITORY}/issues` },
    });
    expect(manifest.keywords).toEqual(expect.arrayContaining(['quire']));
    expect((manifest.keywords as string[]).length).toBeGreaterThanOrEqual(4);
    expect(manifest.sideEffects === false || Array.isArray(manifest.sideEffects)).toBe(true);
  });

  it('ships the LICENSE of the repository', () => {
    expect(existsSync(join(dir, 'LICENSE'))).toBe(true);
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
  });

  it('links only to absolute URLs in its README, which npm shows away from the repository', () => {
    // Code (fenced blocks and `inline`) holds no links.
    const prose = readme.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
    const targets = [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)/g)].map((m) => m[1]),
      ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?\s*$/gm)].map((m) => m[1]),
      ...[...prose.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
    ];
    expect(targets.filter((target) => !/^(https?:\/\/|mailto:|#)/.test(target ?? ''))).toEqual([]);
  });

  it('imports in its README examples only packages the README tells people to install', () => {
    const installed = installedByReadme(readme);
    expect(installed.has(manifest.name)).toBe(true);
    const imported = codeBlocks(readme)
      .filter((block) => /^(ts|js|tsx|jsx|mjs|cjs|typescript|javascript)$/.test(block.lang))
      .flatMap(({ code }) =>
        [...code.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? ''),
      );
    const missing = [...new Set(imported.map(packageOf).filter((name) => name && !installed.has(name)))];
    expect(missing).toEqual([]);
  });

  it('depends only on packages whose engines allow the oldest Node it supports', () => {
    const oldest = semver.minVersion(manifest.engines?.node ?? '')?.version;
    expect(oldest).toBeDefined();
    expect(enginesRefusing(dir, oldest as string)).toEqual([]);
  });

  it("reaches the service only through @quire/testkit, never by the service's files", () => {
    // A data-only package (@quire/fonts-cjk: a manifest of font files) has no sources.
    const sources = existsSync(join(dir, 'src'))
      ? filesUnder(join(dir, 'src')).filter((file) => /\.[cm]?[jt]s$/.test(file))
      : [];
    const reaching = sources.filter((file) => /service\/src|\.\.\/service\b/.test(readFileSync(file, 'utf8')));
    expect(reaching.map((file) => relative(ROOT, file))).toEqual([]);
    const usesKit = sources.some((file) => readFileSync(file, 'utf8').includes("from '@quire/testkit'"));
    if (usesKit) expect(manifest.devDependencies?.['@quire/testkit']).toBe('workspace:*');
  });
});
