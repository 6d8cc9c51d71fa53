/**
 * Runs the real Quire service (@quire/testkit: the service's own app on its embedded store in a temporary
 * directory, on loopback) and prints one JSON line: its URL and data directory. It stops and removes its data when
 * its standard input closes (the test run ended, or died).
 */
import { startService } from '@quire/testkit';

const service = await startService();
process.stdout.write(`${JSON.stringify({ url: service.url, dataDir: service.dataDir })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void service.close().then(() => process.exit(0));
});
