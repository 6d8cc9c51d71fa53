import { describe, expect, it } from 'vitest';
import { check } from '../check/check';
import { sniffImage } from './images';

describe('sniffImage', () => {
  it('reads the size of a PNG from its header, and takes a PNG cut before it for no image', () => {
    const header = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 40, 0, 0, 0, 30,
    ]);
    expect(sniffImage(header)).toEqual({ kind: 'png', width: 40, height: 30 });
    expect(sniffImage(header.subarray(0, 8))).toBeUndefined();
  });

  it('reports a truncated PNG data: URL as a finding of check(), not a crash', async () => {
    const css = '.a { width: 20mm; height: 20mm; background-image: url(data:image/png;base64,iVBORw0KGgo=); }';
    const html = '<div class="a"></div><img src="data:image/png;base64,iVBORw0KGgo=" alt="logo"><p>After</p>';
    const result = await check({ template: { html, css }, data: {} });
    expect(result.pages).toBe(1);
    expect(result.findings.map((f) => f.code)).toContain('image_not_loaded');
  });
});
