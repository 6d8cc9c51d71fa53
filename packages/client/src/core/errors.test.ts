import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  ConflictError,
  makeError,
  NotFoundError,
  PlanLimitError,
  QuireClientError,
} from './errors';

describe('error classes', () => {
  it('are recognised by isInstance along their hierarchy, and by instanceof', () => {
    const error = makeError(
      404,
      { error: { code: 'template_not_found', message: 'No.', request_id: 'req_1' } },
      undefined,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(APIError.isInstance(error)).toBe(true);
    expect(QuireClientError.isInstance(error)).toBe(true);
    expect(ConflictError.isInstance(error)).toBe(false);
    expect(error.name).toBe('NotFoundError');
    expect(error).toMatchObject({ status: 404, code: 'template_not_found', requestId: 'req_1', message: 'No.' });
    const timeout = new APITimeoutError();
    expect([APITimeoutError, APIConnectionError, APIError].map((c) => c.isInstance(timeout))).toEqual([
      true,
      true,
      true,
    ]);
    expect(APIUserAbortError.isInstance(timeout)).toBe(false);
    for (const value of [null, undefined, 'x', new Error('x'), { code: 'not_found' }]) {
      expect(APIError.isInstance(value)).toBe(false);
    }
  });

  it('are recognised across two copies of the package, where instanceof fails', async () => {
    // A second instance of this very module, as a second installed copy of @quire/client would be.
    const specifier = './errors?copy';
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof import('./errors');
    expect(copy.NotFoundError).not.toBe(NotFoundError);
    const foreign = new copy.PlanLimitError({ status: 402, error: { code: 'plan_limit_exceeded', limit: 3 } });
    expect(foreign instanceof PlanLimitError).toBe(false);
    expect(PlanLimitError.isInstance(foreign)).toBe(true);
    expect(APIError.isInstance(foreign)).toBe(true);
    expect(NotFoundError.isInstance(foreign)).toBe(false);
    if (PlanLimitError.isInstance(foreign)) expect(foreign.limit).toBe(3);
  });

  it('take the request id from X-Request-Id when the body has none', () => {
    const error = makeError(502, 'Bad gateway', new Headers({ 'x-request-id': 'req_h' }), 'The API answered 502');
    expect(error).toMatchObject({ name: 'InternalServerError', requestId: 'req_h', code: 'api_error' });
  });
});
