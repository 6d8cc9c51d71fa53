import { createRequire } from 'node:module';
import { renderReport } from '../src/index';

const t0 = performance.now();
const r = await renderReport({ template: { html: '<p>{{ x | money }}</p>' }, data: { x: 12.5 } });
console.log(r.pages, r.warnings, performance.now() - t0, createRequire(import.meta.url).resolve('@quire/core'));
console.log(import.meta.resolve('@quire/core'));
