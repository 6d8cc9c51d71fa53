/** Where Quire is and which template is the company's, as the backend says (`GET /api/quire-config`). */
export interface QuireConfig {
  quireUrl: string;
  templateId: string;
}

export async function loadQuireConfig(): Promise<QuireConfig> {
  const response = await fetch('/api/quire-config');
  if (!response.ok) throw new Error(`/api/quire-config answered ${response.status}`);
  return (await response.json()) as QuireConfig;
}

/**
 * A new embed token from the backend, which mints it with the company's API key. The builder calls this before
 * its first request to Quire, and again whenever Quire answers 401 (the token expired).
 */
export async function getQuireToken(): Promise<string> {
  const response = await fetch('/api/quire-token', { method: 'POST' });
  if (!response.ok) throw new Error(`/api/quire-token answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}
