import type { Quire } from '@quire/client';

/** The account routes the screens call besides the session's: sign-up, confirming, recovering a password. */
export interface AccountApi {
  signUp(input: { fullName: string; email: string; password: string }): Promise<{ message: string }>;
  confirmEmail(token: string): Promise<{ message: string; email: string }>;
  recover(email: string): Promise<{ message: string }>;
  resetPassword(token: string, password: string): Promise<{ message: string }>;
}

export function createAccountApi(quire: Quire): AccountApi {
  return {
    signUp: ({ fullName, email, password }) =>
      quire.request({
        method: 'POST',
        path: '/v1/auth/signup',
        body: { email: email.trim(), password, data: { full_name: fullName.trim() } },
      }),
    confirmEmail: (token) => quire.request({ method: 'GET', path: '/v1/auth/verify', query: { token } }),
    recover: (email) => quire.request({ method: 'POST', path: '/v1/auth/recover', body: { email: email.trim() } }),
    resetPassword: (token, password) =>
      quire.request({ method: 'POST', path: '/v1/auth/reset', body: { token, password } }),
  };
}
