/**
 * `pnpm bench` for the service: the embedded store bench, then the HTTP bench, each in a process of its own so that
 * neither measures what the other left in memory. Arguments go to both (`--quick`, `--engine NAME`); the store
 * bench reads only `--quick` and `--records=N`, which the HTTP bench does not take.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const benches: Array<[file: string, args: string[]]> = [
  ['store.bench.ts', args],
  ['http.bench.ts', args.filter((a) => !a.startsWith('--records='))],
];
for (const [file, benchArgs] of benches) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const { status, signal } = spawnSync(
    process.execPath,
    ['--conditions=@quire/source', '--import', 'tsx', path, ...benchArgs],
    { stdio: 'inherit' },
  );
  if (status !== 0) {
    process.stderr.write(`${file} ended with ${signal ?? `code ${status}`}\n`);
    process.exit(status ?? 1);
  }
}
