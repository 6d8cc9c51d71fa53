/**
 * Runs the real Quire service (its own test harness: embedded store in a temporary directory, loopback port)
 * in a process of its own, and prints one JSON line: its URL, an API key and a person's access token. It stops
 * and removes its data when its standard input closes (the test run ended, or died).
 */
interface RunningApp {
  url: string;
  actors: {
    signUp(name: string): Promise<{ token: string; teamId: string }>;
    apiKey(owner: string, role: 'admin'): Promise<string>;
    setPlan(teamId: string, plan: string): Promise<void>;
  };
  close(options?: { removeData?: boolean }): Promise<void>;
}

const SERVICE = new URL('../../../../service/src', import.meta.url).pathname;
const harness = (await import(`${SERVICE}/__fixtures__/harness.ts`)) as { startApp(): Promise<RunningApp> };
const app = await harness.startApp();
const person = await app.actors.signUp('builder');
// The tests make many templates: the enterprise plan's limits, not the free plan's two templates.
await app.actors.setPlan(person.teamId, 'enterprise');
const apiKey = await app.actors.apiKey(person.token, 'admin');
process.stdout.write(`${JSON.stringify({ url: app.url, apiKey, token: person.token })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void app.close({ removeData: true }).then(() => process.exit(0));
});
