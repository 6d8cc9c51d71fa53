import { createTemplateEngine } from '@quire/core';
import { expect, it } from 'vitest';
import { defaultFonts } from '../../../render';
import { ensureFlexReady, layoutDocument } from '../../document/render-document';

// Its own file, so that Yoga is not loaded yet in this module graph.
it('refuses to lay out before the flex layout is loaded, and lays out once it is', async () => {
  const input = {
    template: { html: '<p>x</p>' },
    data: {},
    bodyHtml: '<p>x</p>',
    liquid: createTemplateEngine(),
    fonts: defaultFonts(),
    images: new Map(),
  };
  expect(() => layoutDocument(input)).toThrow(/ensureFlexReady/);
  await ensureFlexReady();
  expect(layoutDocument(input).pages).toHaveLength(1);
});
