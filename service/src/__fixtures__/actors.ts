import type { PlanId, Role } from '@quire/core';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/port';
import { openTeamCollections } from '../teams/index';
import { membershipId } from '../teams/model';
import type { UsageCounter } from '../usage/index';
import { periodOf } from '../usage/period';
import { outboxMails } from './outbox';
import { RecordingMailer } from './recording-mailer';
import { type TestUser, testIdentityHeaders } from './test-identity';

export const PERSON_PASSWORD = 'Quire-Reports-2026!';

/** A person who signed up, confirmed their address by the mailed link and signed in with a password. */
export interface Person {
  id: string;
  email: string;
  /** Their access token. */
  token: string;
  /** Their personal team, of which they are the owner. */
  teamId: string;
}

/**
 * Who makes a request: a credential (a person's access token or an API key's secret; '' for none), a person
 * (their token), or a test user (the test identity headers, in the feature test apps only).
 */
export type Caller = string | Person | TestUser;

export interface RequestInit {
  method?: string;
  body?: unknown;
  /** The Quire-Team header. */
  team?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text of any other body. */
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
  body: any;
  bytes: Buffer;
}

/** A team's counters for this month (UsageCounter's, with AI requests read as 0 when absent). */
export type UsageCounts = Required<Pick<UsageCounter, 'reports' | 'api_calls' | 'ai_requests'>>;

export interface Actors {
  /** The raw response to a request by `caller` (for streams and status checks). */
  fetch(caller: Caller, path: string, init?: RequestInit): Promise<Response>;
  /** A request by `caller`, JSON in and out. */
  call(caller: Caller, path: string, init?: RequestInit): Promise<Answer>;
  /** Signs a new person up, confirms the address by the mailed link and signs in: the real accounts path. */
  signUp(name: string): Promise<Person>;
  /** A new API key of the caller's team (or `team`) with a role, made through POST /v1/api-keys: its secret. */
  apiKey(owner: Caller, role: Exclude<Role, 'owner'>, options?: { team?: string; name?: string }): Promise<string>;
  /** The caller's personal team id (made on first use). */
  teamOf(caller: Caller): Promise<string>;
  /** Puts a person in a team with a role directly (the invitation path has its own tests). */
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  /** Billing is another module: tests give a team a plan by writing the store. */
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  /** This month's usage counters of a team. */
  usageOf(teamId: string): Promise<UsageCounts>;
  /** Sets this month's usage counters of a team, as if the requests had been made. */
  setUsage(teamId: string, counts: Partial<UsageCounts>): Promise<void>;
}

/** Where a test finds the links the app mails: the outbox the development mailer writes, or a recording mailer. */
export interface MailSource {
  mailer?: Mailer;
  /** The data directory, whose outbox/ the development mailer writes (not needed with a recording mailer). */
  dataDir?: string;
}

/** The links of the latest mail of a kind to an address, waiting briefly for mail sent after the response. */
export async function mailedLinks(source: MailSource, kind: string, to: string): Promise<Record<string, string>> {
  if (source.mailer instanceof RecordingMailer) return (await source.mailer.latest(kind, to)).links ?? {};
  if (source.dataDir === undefined) throw new Error('No mail to read: give a recording mailer or the data directory');
  for (let i = 0; i < 100; i++) {
    const mail = (await outboxMails(source.dataDir)).findLast((m) => m.kind === kind && m.to === to);
    if (mail) return mail.links ?? {};
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No ${kind} mail to ${to}`);
}

function callerHeaders(caller: Caller): Record<string, string> {
  if (typeof caller === 'string') return caller ? { Authorization: `Bearer ${caller}` } : {};
  if ('token' in caller) return { Authorization: `Bearer ${caller.token}` };
  return testIdentityHeaders(caller);
}

/** A request to the app at `url` by `caller`: the raw response. */
export function request(url: string, caller: Caller, path: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = callerHeaders(caller);
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.team) headers['Quire-Team'] = init.team;
  return fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...headers, ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** A request by `caller`, JSON in and out: the body parsed when it is JSON, its text otherwise. */
export async function call(url: string, caller: Caller, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await request(url, caller, path, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') && text ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body, bytes };
}

/** What POST /v1/auth/token answers: the session. */
export interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string };
}

/**
 * Signs up with this address, confirms it by the mailed link and signs in with the password, as a person
 * would: the session the token endpoint answers.
 */
export async function confirmedSession(
  target: { url: string } & MailSource,
  account: { email: string; password?: string; fullName?: string },
): Promise<Session> {
  const { email, password = PERSON_PASSWORD } = account;
  const post = (path: string, body: unknown) => call(target.url, '', path, { method: 'POST', body });
  const data = account.fullName === undefined ? {} : { data: { full_name: account.fullName } };
  const signup = await post('/v1/auth/signup', { email, password, ...data });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const link = new URL((await mailedLinks(target, 'verify_email', email.toLowerCase())).verify ?? '');
  const verified = await call(target.url, '', `${link.pathname}${link.search}`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const login = await post('/v1/auth/token?grant_type=password', { email, password });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body as Session;
}

let people = 0;

/** A new person (a fresh address), signed up, confirmed and signed in, with their personal team. */
export async function signUpPerson(target: { url: string } & MailSource, name: string): Promise<Person> {
  people += 1;
  const email = `${name}${people}-${Date.now()}@example.com`;
  const session = await confirmedSession(target, { email, fullName: name });
  const team = await call(target.url, session.access_token, '/v1/team');
  if (team.status !== 200) throw new Error(`team: ${team.status} ${JSON.stringify(team.body)}`);
  return { id: session.user.id, email, token: session.access_token, teamId: team.body.id as string };
}

/** Puts a person in a team with a role directly, in the app's store (the invitation path has its own tests). */
export async function addMember(store: Store, now: () => Date, teamId: string, user: TestUser, role: Role) {
  await (await openTeamCollections(store)).memberships.insert({
    id: membershipId(teamId, user.id),
    teamId,
    userId: user.id,
    email: user.email,
    role,
    status: 'active',
    joinedAt: now().toISOString(),
  });
}

/** Gives a team a plan in the app's store: billing is another module. */
export async function setPlan(store: Store, teamId: string, plan: PlanId) {
  await (await openTeamCollections(store)).teams.updateOne({ id: teamId }, { set: { plan } });
}

const usageCounters = (store: Store) => store.collection<UsageCounter>({ name: 'usage_counters', indexes: ['teamId'] });

/** A team's usage counters for the month `now` falls in. */
export async function usageOf(store: Store, now: () => Date, teamId: string): Promise<UsageCounts> {
  const counter = await (await usageCounters(store)).get(`${teamId}:${periodOf(now())}`);
  return { reports: counter?.reports ?? 0, api_calls: counter?.api_calls ?? 0, ai_requests: counter?.ai_requests ?? 0 };
}

/** Sets a team's usage counters for the month `now` falls in, as if the requests had been made. */
export async function setUsage(store: Store, now: () => Date, teamId: string, counts: Partial<UsageCounts>) {
  const period = periodOf(now());
  const id = `${teamId}:${period}`;
  const counters = await usageCounters(store);
  await counters.upsert({ id }, { id, teamId, period, reports: 0, api_calls: 0, ai_requests: 0 }, {});
  await counters.updateOne({ id }, { set: counts });
}

/**
 * The test actors of a running app: people who sign up for real, API keys with a role, members, plans and
 * usage counters, and requests made by any of them. One helper for every feature's tests.
 */
export function testActors(target: { url: string; store: Store; now: () => Date } & MailSource): Actors {
  const { url, store, now } = target;
  const callAs = (caller: Caller, path: string, init?: RequestInit) => call(url, caller, path, init);
  return {
    fetch: (caller, path, init) => request(url, caller, path, init),
    call: callAs,
    async teamOf(caller) {
      const team = await callAs(caller, '/v1/team');
      if (team.status !== 200) throw new Error(`team: ${team.status} ${JSON.stringify(team.body)}`);
      return team.body.id as string;
    },
    signUp: (name) => signUpPerson(target, name),
    async apiKey(owner, role, options = {}) {
      const key = await callAs(owner, '/v1/api-keys', {
        method: 'POST',
        body: { name: options.name ?? role, role },
        ...(options.team ? { team: options.team } : {}),
      });
      if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
      return key.body.secret as string;
    },
    addMember: (teamId, user, role) => addMember(store, now, teamId, user, role),
    setPlan: (teamId, plan) => setPlan(store, teamId, plan),
    usageOf: (teamId) => usageOf(store, now, teamId),
    setUsage: (teamId, counts) => setUsage(store, now, teamId, counts),
  };
}

/** The error envelope's fields, after checking the status. */
export async function errorOf(response: Response, status: number) {
  const body = (await response.json()) as { error?: Record<string, unknown> };
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.error as { code: string; message: string; param?: string } & Record<string, unknown>;
}
