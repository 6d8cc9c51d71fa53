import { QuireError } from '@quire/core';
import type { RequestHandler } from 'express';

/** A person as the test identity names them: no account, no password, no session. */
export interface TestUser {
  id: string;
  email: string;
}

export const TEST_USER_HEADER = 'X-Test-User';
export const TEST_EMAIL_HEADER = 'X-Test-Email';

/**
 * Stand-in for the accounts module at the boundary between modules: the real requireUser verifies a session
 * and sets res.locals.user = { id, email }; this one takes both from two test headers. Tests only.
 */
export const testHeaderIdentity: RequestHandler = (req, res, next) => {
  const id = req.get(TEST_USER_HEADER);
  const email = req.get(TEST_EMAIL_HEADER);
  if (!id || !email) throw new QuireError('session_missing');
  res.locals.user = { id, email };
  next();
};

/**
 * The test apps' identifyUser (see createAccess): a request that names a test user is that person; any other
 * request is identified as the app identifies it, by its session. Everything after identification (API keys,
 * metering, the acting team, permissions) is the app's own path either way.
 */
export function withTestIdentity(requireUser: RequestHandler): RequestHandler {
  return (req, res, next) =>
    req.get(TEST_USER_HEADER) ? testHeaderIdentity(req, res, next) : requireUser(req, res, next);
}

/**
 * The test apps' requireRecentAuth (see createAccess): a test user has no session to have signed in with, and
 * stands for a person who just did; any other request needs a recent sign-in as in the app.
 */
export function withTestRecentAuth(requireRecentAuth: RequestHandler): RequestHandler {
  return (req, res, next) => (req.get(TEST_USER_HEADER) ? next() : requireRecentAuth(req, res, next));
}

let users = 0;
/** A fresh test user: ids and addresses never collide between tests sharing an app. */
export function newUser(name: string): TestUser {
  users += 1;
  return { id: `usr_${name}${users}`, email: `${name}${users}@example.com` };
}

/** The headers that make a request this test user's. */
export function testIdentityHeaders(user: TestUser): Record<string, string> {
  return { [TEST_USER_HEADER]: user.id, [TEST_EMAIL_HEADER]: user.email };
}
