import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// waitFor and findBy give up after one second by default. On CI's two cores, with the service, the browser tests
// and this run's other worker busy, a template load through the real service has taken longer than that; a wait
// that succeeds returns as soon as it can, so a longer limit only slows tests that fail.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out: CodeMirror measures text ranges and coordinates, which jsdom leaves out. Empty boxes
// are what a layout-less DOM has; no test reads positions.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const empty = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getClientRects = empty as unknown as Range['getClientRects'];
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}
// jsdom has no matchMedia: a light system theme that never changes (the theme tests install their own).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
