/**
 * Runs the real Quire service (@quire/testkit: the service's own app, embedded store in a temporary directory,
 * loopback port) in a process of its own, and prints one JSON line: its URL, an API key and a person's access
 * token. It stops and removes its data when its standard input closes (the test run ended, or died).
 */
import { Quire } from '@quire/client';
import { createApiKey, signUp, startService } from '@quire/testkit';

const service = await startService();
const person = await signUp(service, 'builder');
// The tests make many templates: the enterprise plan's limits, not the free plan's two templates.
await new Quire({ baseUrl: service.url, apiKey: person.token }).subscription.change({ plan: 'enterprise' });
const apiKey = await createApiKey(service, person, { role: 'admin' });
process.stdout.write(`${JSON.stringify({ url: service.url, apiKey, token: person.token })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void service.close().then(() => process.exit(0));
});
