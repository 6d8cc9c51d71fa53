import type { Quire } from '@quire/client';
import { createContext, useContext } from 'react';
import type { UiSettings } from '../root/ui-context';

export interface QuireContextValue {
  /** The client every component talks to the service through. */
  client: Quire;
  settings: UiSettings;
}

export const QuireContext = createContext<QuireContextValue | null>(null);

/** The provider's client, or null outside a provider (the builder then works offline, without saving to Quire). */
export function useQuireClient(): Quire | null {
  return useContext(QuireContext)?.client ?? null;
}
