import { StoreUnavailableError } from './port';

/**
 * Rejects with StoreUnavailableError when `promise` has not settled after `ms`. The operation itself may still
 * settle later: a write given up on may yet be applied, which is what a 503 from the API says.
 */
export function withDeadline<R>(promise: Promise<R>, ms: number): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`The database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
