import { latestMail } from './outbox';

export const PASSWORD = 'Quire-Reports-2026!';

let people = 0;

/** A fresh address for a test person. */
export function newEmail(name: string): string {
  people += 1;
  return `${name}-${people}-${Date.now()}@example.com`;
}

/** Signs a person up and confirms the address through the development outbox, as a person does. */
export async function confirmedAccount(
  service: { url: string; dataDir: string },
  name: string,
): Promise<{ email: string; password: string }> {
  const email = newEmail(name);
  const signup = await fetch(`${service.url}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, data: { full_name: name } }),
  });
  if (signup.status !== 201) throw new Error(`sign-up: HTTP ${signup.status} ${await signup.text()}`);
  const link = new URL((await latestMail(service.dataDir, 'verify_email', email)).links.verify ?? '');
  const confirmed = await fetch(`${service.url}${link.pathname}${link.search}`);
  if (confirmed.status !== 200) throw new Error(`confirming: HTTP ${confirmed.status} ${await confirmed.text()}`);
  return { email, password: PASSWORD };
}
