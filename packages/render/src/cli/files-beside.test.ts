import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesBeside, relativeUrls } from './files-beside';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'quire-beside-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('files beside a template', () => {
  it('are the relative URLs of images and CSS url()s, not schemes, absolute paths, fragments or Liquid', () => {
    const html = [
      '<img src="logo.png"><img alt=x src=\'photos/a b.jpg\'><img src=plain.gif>',
      '<img src="https://cdn.example/x.png"><img src="/srv/abs.png"><img src="{{ logo }}"><img src="asset:seal.png">',
      '<div style="background: url(bg.png)"></div>',
    ].join('');
    const css =
      '@font-face { src: url("fonts/brand.woff2") format("woff2"), url(data:font/ttf;base64,AAAA); } a { mask: url(#m) }';
    expect(relativeUrls([html, css, undefined])).toEqual([
      'logo.png',
      'photos/a b.jpg',
      'plain.gif',
      'bg.png',
      'fonts/brand.woff2',
    ]);
  });

  it('are read from inside the folder only: not through ../, nor through a link that leads out', async () => {
    await mkdir(path.join(dir, 'site', 'img'), { recursive: true });
    await writeFile(path.join(dir, 'site', 'img', 'logo.png'), 'logo');
    await writeFile(path.join(dir, 'secret.txt'), 'secret');
    await symlink(path.join(dir, 'secret.txt'), path.join(dir, 'site', 'link.png'));
    const html = '<img src="img/logo.png"><img src="../secret.txt"><img src="link.png"><img src="missing.png">';
    const assets = await filesBeside([html], path.join(dir, 'site'));
    expect(Object.keys(assets)).toEqual(['img/logo.png']);
    expect(new TextDecoder().decode(assets['img/logo.png'])).toBe('logo');
  });
});
