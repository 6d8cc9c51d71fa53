import { createContext, useContext, useSyncExternalStore } from 'react';
import type { BuilderController, BuilderState } from './controller';

export const BuilderContext = createContext<BuilderController | null>(null);

/** The nearest builder's controller, or null outside one. */
export function useOptionalBuilder(): BuilderController | null {
  return useContext(BuilderContext);
}

/** The nearest builder's controller; a readable error outside `<TemplateBuilder>`. */
export function useBuilderController(component: string): BuilderController {
  const controller = useContext(BuilderContext);
  if (!controller) {
    throw new Error(
      `<${component}> must be inside <TemplateBuilder> (as one of its children), or be given its own props: ` +
        "it edits the builder's draft.",
    );
  }
  return controller;
}

const noController = {
  subscribe: () => () => {},
  getState: () => undefined,
};

/** A slice of the builder's state; the component renders again only when the slice changes. */
export function useBuilderState<T>(controller: BuilderController, select: (state: BuilderState) => T): T;
export function useBuilderState<T>(
  controller: BuilderController | null,
  select: (state: BuilderState) => T,
): T | undefined;
export function useBuilderState<T>(
  controller: BuilderController | null,
  select: (state: BuilderState) => T,
): T | undefined {
  const source = controller ?? noController;
  return useSyncExternalStore(
    source.subscribe,
    () => {
      const state = source.getState();
      return state === undefined ? undefined : select(state);
    },
    () => {
      const state = source.getState();
      return state === undefined ? undefined : select(state);
    },
  );
}
