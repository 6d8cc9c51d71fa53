import { createTemplateEngine } from '@quire/core';
import { expect, it } from 'vitest';
import { defaultFonts } from '../../../render';
import { ensureFlexReady, layoutDocument, needsFlex } from '../../document/render-document';
import { isFlexReady } from './yoga';

// Its own file, so that Yoga is not loaded yet in this module graph.
it('lays out a document without flex containers with no Yoga; refuses one with them until Yoga is loaded', async () => {
  const base = { data: {}, liquid: createTemplateEngine(), fonts: defaultFonts(), images: new Map() };
  const plain = { ...base, template: { html: '<p>x</p>', css: 'p { display: grid }' }, bodyHtml: '<p>x</p>' };
  expect(needsFlex(plain)).toBe(false);
  expect(layoutDocument(plain).pages).toHaveLength(1);
  expect(isFlexReady()).toBe(false);

  const html = '<div style="display: inline-flex">x</div>';
  const flex = { ...base, template: { html }, bodyHtml: html };
  expect(needsFlex(flex)).toBe(true);
  expect(needsFlex({ template: { html: '', footer_html: '<p style="display:FLEX">1</p>' }, bodyHtml: '' })).toBe(true);
  expect(() => layoutDocument(flex)).toThrow(/ensureFlexReady/);
  await ensureFlexReady();
  expect(layoutDocument(flex).pages).toHaveLength(1);
});
