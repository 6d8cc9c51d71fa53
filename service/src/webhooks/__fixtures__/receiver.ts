import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type VerifyWebhookResult, verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '@quire/core';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  /** What verifyWebhook said with the path's secrets at arrival (every secret must verify on its own). */
  verified: VerifyWebhookResult[];
  status: number;
  /** Date.now() at arrival. */
  arrivedAt: number;
}

export interface RouteBehaviour {
  /** Secrets the receiver holds for this path; each is checked on its own. None: nothing is verified. */
  secrets?: string[];
  /** Answers to the 1st, 2nd... request; the last one repeats. Default [200]. */
  statuses?: number[];
}

export interface Receiver {
  port: number;
  url(path: string): string;
  /** Sets how a path answers (and forgets what it received). */
  route(path: string, behaviour: RouteBehaviour): void;
  received(path: string): Received[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback, as a customer would write one: it verifies Quire-Signature with @quire/core's
 * verifyWebhook on the raw body, and answers 400 when that fails, whatever status it was told to answer.
 */
export async function startReceiver(now: () => Date = () => new Date()): Promise<Receiver> {
  const routes = new Map<string, Required<RouteBehaviour>>();
  const log = new Map<string, Received[]>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    const behaviour = routes.get(path) ?? { secrets: [], statuses: [200] };
    const seen = log.get(path) ?? [];
    const header = req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    const verified = await Promise.all(
      behaviour.secrets.map((secret) => verifyWebhook({ secret, header, body, now: now() })),
    );
    const wanted = behaviour.statuses[Math.min(seen.length, behaviour.statuses.length - 1)] ?? 200;
    const status = verified.every((v) => v.ok) ? wanted : 400;
    seen.push({ path, headers: req.headers, body, verified, status, arrivedAt: Date.now() });
    log.set(path, seen);
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    route(path, behaviour) {
      routes.set(path, { secrets: behaviour.secrets ?? [], statuses: behaviour.statuses ?? [200] });
      log.delete(path);
    },
    received: (path) => log.get(path) ?? [],
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
