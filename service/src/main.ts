import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createMailer } from './mail/index';
import { openStores } from './store/index';

/** Starts the service and stops it gracefully: stop accepting, finish requests in flight, close the stores. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, base: { service: 'quire' } });
  const { store, blobs, kind, location } = await openStores({
    dataDir: config.dataDir,
    mongodbUri: config.mongodbUri,
    logger,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: `Quire <no-reply@${new URL(config.publicUrl).hostname}>`,
    logger,
  });
  const app = await createApp({ config, store, blobs, logger, mailer });
  const siteServed = config.siteDir !== undefined && existsSync(join(config.siteDir, 'index.html'));
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      {
        url: config.publicUrl,
        listening: `${config.host}:${port}`,
        store: kind === 'embedded' ? `embedded, in ${location}` : location,
        blobs: kind === 'embedded' ? join(config.dataDir, 'blobs') : 'GridFS',
        mail: mailer.describe(),
      },
      `Quire is listening on ${config.publicUrl}`,
    );
    // One line for the person who just typed `pnpm start`; the JSON log above is for machines.
    if (config.env !== 'production') {
      const site = siteServed
        ? `  open:  ${config.publicUrl} in a browser (the site; "Try Template Builder" makes a PDF with no account)\n`
        : '';
      process.stderr.write(
        `\nQuire is running at ${config.publicUrl}\n${site}  data:  ${location}\n  mail:  ${mailer.describe()}\n  docs:  ${config.publicUrl}/docs\n  try:   curl ${config.publicUrl}/v1/plans\n\n`,
      );
    }
    app.start();
    if (config.secretGenerated) logger.warn(`No QUIRE_SECRET set: using one kept in ${join(config.dataDir, 'secret')}`);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight');
    server.close(async () => {
      // Renders and deliveries in flight finish (or their jobs go back to the queue when their lease ends).
      await app.shutdown().catch((error) => logger.error({ err: error }, 'stopping the workers failed'));
      await Promise.allSettled([mailer.close(), blobs.close()]);
      await store.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Keep-alive connections would hold close() open; idle ones are closed now, busy ones after their response.
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 30_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

await main();
