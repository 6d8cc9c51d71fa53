/**
 * `pnpm bench [--quick] [--engine NAME]`: every package's bench, one package after another (none measures while
 * another runs). The options reach the benches as QUIRE_BENCH_QUICK=1 and QUIRE_BENCH_ENGINE, which
 * @quire/render's and the service's benches read: pnpm would hand the options themselves to every package's bench,
 * and some take other options (the React preview's rejects --quick).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, engine: { type: 'string' } },
  strict: true,
});
const env = {
  ...process.env,
  ...(values.quick ? { QUIRE_BENCH_QUICK: '1' } : {}),
  ...(values.engine ? { QUIRE_BENCH_ENGINE: values.engine } : {}),
};
const { status, signal } = spawnSync('pnpm', ['-r', '--if-present', '--workspace-concurrency=1', 'bench'], {
  stdio: 'inherit',
  env,
});
process.exit(status ?? (signal ? 1 : 0));
