import { createTemplateEngine } from '@quire/core';
import { defaultFonts } from '../../render';
import { type EngineRenderInput, layoutDocument } from '../document/render-document';

/** What a render hands the engine for an HTML fragment (no data, no images). */
export const engineInput = (html: string, css = ''): EngineRenderInput => ({
  template: { html, css },
  data: {},
  bodyHtml: html,
  liquid: createTemplateEngine(),
  fonts: defaultFonts(),
  images: new Map(),
});

/** Lays out an HTML fragment as a render would, for tests that look at the fragments. */
export const layOutHtml = (html: string, css = '') => layoutDocument(engineInput(html, css));
