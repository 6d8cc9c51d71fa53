/**
 * The real Quire service serving the built site, as `pnpm start` runs it (service/src/main.ts in a process of its
 * own), on a free loopback port with a temporary embedded store. Its JSON log lines go to a file the tests read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SITE_DIST, SITE_ROOT } from '../../build/ensure-build.ts';

export interface RunningService {
  url: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now: the service's public URL (in its docs, its links) then names the real port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export async function startService(): Promise<RunningService> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-site-e2e-'));
  const logFile = join(dataDir, 'service.log');
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@quire/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: resolve(SITE_ROOT, '../service'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        QUIRE_DATA_DIR: dataDir,
        QUIRE_SITE_DIR: SITE_DIST,
        QUIRE_SECRET: 'site-e2e-secret-site-e2e-secret-0123456789',
        // The browser tests sign up and submit forms from one address.
        QUIRE_SIGNUP_LIMIT_PER_ADDRESS: '1000',
        QUIRE_CONTACT_LIMIT_PER_ADDRESS: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
        // Loopback servers the tests start (webhook endpoints, HTTP data sources) and the machine's PostgreSQL:
        // the outbound guard refuses loopback otherwise.
        QUIRE_OUTBOUND_ALLOW: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(log);
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start:\n${output}`)), 60_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const listening = /"listening":"([\d.]+:\d+)"/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolveUrl(`http://${listening[1]}`);
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}):\n${output}`)));
  });
  return {
    url,
    dataDir,
    logFile,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      log.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The service's log so far, one parsed JSON object per line. */
export async function serviceLog(logFile: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(logFile, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
