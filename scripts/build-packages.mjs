/**
 * Builds the public packages (`pnpm -r --filter ./packages/** build`) and records what it built them from, so that
 * a later step of the same checkout can take that build instead of making it again.
 *
 *   node scripts/build-packages.mjs             builds, then writes the record
 *   node scripts/build-packages.mjs --if-stale  builds only when the record does not match this checkout
 *
 * CI builds once (`pnpm test`, before each package's `check:dist`: `check:package` without its own tsup build);
 * `pnpm e2e:packages` and `pnpm examples` then find the record matching and skip their builds, which took about 2.5
 * minutes each on an idle 2-core machine.
 *
 * The record holds a SHA-256 of every file the builds read that git sees under packages/ (tracked, or untracked and
 * not ignored, so dist/ and node_modules/ are out) with the root's package.json, lockfile, workspace file and base
 * tsconfig, and a SHA-256 of every file under the packages' dist/ folders as the build left them. The build is
 * taken only when both match: any edited, added or removed source, a changed dependency, or a dist/ that something
 * changed or removed since means building again. Without git (a source tarball) it always builds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RECORD = join(ROOT, 'node_modules', '.cache', 'quire', 'packages-build.json');
const INPUTS = ['packages', 'package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.json'];

/** The hash of the files the builds read, or undefined when git cannot list them. */
function inputsHash() {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (const file of [...new Set(listed.split('\0').filter(Boolean))].sort()) {
    const path = join(ROOT, file);
    // A tracked file deleted in the work tree is listed still: its absence is part of the hash.
    hash.update(`${file}\0${existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : '-'}\0`);
  }
  return hash.digest('hex');
}

/** The hash of every packages/<name>/dist/ file, path and content. */
function outputsHash() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${relative(ROOT, path)}\0${createHash('sha256').update(readFileSync(path)).digest('hex')}\0`);
    }
  };
  for (const name of readdirSync(join(ROOT, 'packages')).sort()) {
    const dist = join(ROOT, 'packages', name, 'dist');
    if (existsSync(dist) && statSync(dist).isDirectory()) walk(dist);
  }
  return hash.digest('hex');
}

function readRecord() {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8'));
  } catch {
    return undefined;
  }
}

const ifStale = process.argv.includes('--if-stale');
const inputs = inputsHash();
if (ifStale && inputs) {
  const record = readRecord();
  if (record?.inputs === inputs && record.outputs === outputsHash()) {
    console.log(`The packages are built from this checkout already (${record.builtAt}): the build is skipped.`);
    process.exit(0);
  }
}

// The record is removed first: a build that fails halfway leaves none.
rmSync(RECORD, { force: true });
const build = spawnSync('pnpm', ['-r', '--filter', './packages/**', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (inputs) {
  mkdirSync(join(RECORD, '..'), { recursive: true });
  writeFileSync(RECORD, `${JSON.stringify({ inputs, outputs: outputsHash(), builtAt: new Date().toISOString() })}\n`);
}
