import { createTemplateEngine } from '@quire/core';
import { defaultFonts } from '../../render';
import { layoutDocument } from '../document/render-document';

/** Lays out an HTML fragment as a render would (no data, no images), for tests that look at the fragments. */
export const layOutHtml = (html: string, css = '') =>
  layoutDocument({
    template: { html, css },
    data: {},
    bodyHtml: html,
    liquid: createTemplateEngine(),
    fonts: defaultFonts(),
    images: new Map(),
  });
