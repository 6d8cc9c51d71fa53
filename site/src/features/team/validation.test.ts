import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../content/team';
import { inviteEmailError } from './validation';

describe('inviteEmailError', () => {
  it.each([
    ['', TEAM_MESSAGES.emailRequired],
    ['   ', TEAM_MESSAGES.emailRequired],
    ['ada', TEAM_MESSAGES.invalidEmail],
    ['ada@example', TEAM_MESSAGES.invalidEmail],
    ['ada lovelace@example.com', TEAM_MESSAGES.invalidEmail],
    ['ada@example.com', undefined],
    [' ada@example.com ', undefined],
  ])('%j gives %s', (email, expected) => {
    expect(inviteEmailError(email)).toBe(expected);
  });
});
