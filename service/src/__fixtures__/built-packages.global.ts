/**
 * The service's tests run against the built workspace packages (@quire/core, render, client, mcp), as a user's
 * install does: Node loads each bundle once per test worker, where their TypeScript sources were evaluated again for
 * every test file, and the render pool's threads start the built worker instead of compiling the engine through
 * tsx (some 0.7 s of CPU per thread, three threads per app a test starts). A build of this checkout is taken when
 * one is recorded (scripts/build-packages.mjs), else made first.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const script = fileURLToPath(new URL('../../../scripts/build-packages.mjs', import.meta.url));
  // Its output goes to stderr only when it builds: a skipped build says one line.
  execFileSync(process.execPath, [script, '--if-stale'], { stdio: ['ignore', 2, 2] });
}
