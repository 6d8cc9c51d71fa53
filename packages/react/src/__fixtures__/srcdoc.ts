import { fireEvent } from '@testing-library/react';

/**
 * Loads an iframe's `srcdoc` as a browser does, for a jsdom test that clicks inside the preview: jsdom keeps the
 * attribute but never parses it into the frame. The markup goes into the frame's document, then the frame's load
 * event fires, as it would in a browser; the component's own load handler does the rest (its click listeners).
 * Clicking in a real frame is tested in Chromium too (TemplateBuilder.browser.test.ts).
 */
export function loadSrcdoc(frame: HTMLIFrameElement): Document {
  const doc = frame.contentDocument;
  if (!doc) throw new Error('the frame has no document');
  doc.documentElement.innerHTML = frame.getAttribute('srcdoc') ?? '';
  fireEvent.load(frame);
  return doc;
}
