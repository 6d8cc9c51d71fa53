import type { BuilderApi } from '../index';

/** What the browser test's page puts on its window for the test to drive. */
declare global {
  interface Window {
    builder?: BuilderApi;
    ready?: boolean;
  }
}
