/**
 * The handlers of the data sources' parse pool, run on a worker thread: parsing a 5 MB CSV or JSON upload, and
 * inferring its schema from every row, takes the best part of a second of CPU, which on the service's own thread
 * would stop every other request for as long.
 */
import { previewOf, type SourcePreview } from './preview';
import type { Loaded } from './rows';
import { loadStatic, type StaticSettings } from './static-source';

/** Parses the content, as when it is saved: throws what loading it would. */
export function checkStatic(settings: StaticSettings): null {
  loadStatic(settings);
  return null;
}

export function loadStaticRows(settings: StaticSettings): Loaded {
  return loadStatic(settings);
}

export function previewStatic(input: { settings: StaticSettings; limit: number }): SourcePreview {
  return previewOf(loadStatic(input.settings), input.limit);
}
