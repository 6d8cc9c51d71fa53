import type { Plan } from '@quire/client';
import { queryOptions } from '@tanstack/react-query';
import { quire } from './client';

/** GET /v1/plans: the public plan catalogue the pricing section shows. */
export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: async (): Promise<Plan[]> => (await quire.plans.list()).data,
});
