import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quire } from '../api/client';
import { MODE_MESSAGES } from '../content/app-navigation';
import { notify } from '../features/account/notify';

export { MODE_MESSAGES };

export type Mode = 'easy' | 'boss';

interface Profile {
  id: string;
  mode_preference: Mode;
  full_name: string | null;
}

export const profileQueryKey = ['workspace', 'profile'] as const;

/**
 * The person's Easy/Boss preference, kept on their profile (GET/PATCH /v1/profile). Easy until it loads; a failure
 * to load it is only logged (seed section 8) and Easy stays.
 */
export function useMode(): { mode: Mode; saving: boolean; setMode(mode: Mode): void } {
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: async () => {
      try {
        return await quire.request<Profile>({ method: 'GET', path: '/v1/profile' });
      } catch (error) {
        console.warn('Could not load the mode preference', error);
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = useMutation({
    mutationFn: (mode: Mode) =>
      quire.request<Profile>({ method: 'PATCH', path: '/v1/profile', body: { mode_preference: mode } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
      notify.success(saved.mode_preference === 'boss' ? MODE_MESSAGES.switchedToBoss : MODE_MESSAGES.switchedToEasy);
    },
    onError: () => notify.error(MODE_MESSAGES.failed),
  });
  return {
    mode: profile.data?.mode_preference ?? 'easy',
    saving: save.isPending,
    setMode: (mode) => save.mutate(mode),
  };
}

/** True in Boss Mode: show code, JSON, API snippets, request ids and logs. */
export function useBossMode(): boolean {
  return useMode().mode === 'boss';
}
