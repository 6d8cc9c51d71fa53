import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import type { ImageFragment } from '../layout/fragment';
import type { Filter } from '../style/filters';
import { box, fonts, page, rasterize } from './__fixtures__/pages';
import { paintPdfWith } from './paint-pdf';
import { nodePlatform } from './platform-node';

function redPng(): Uint8Array {
  const png = new PNG({ width: 2, height: 2 });
  for (let i = 0; i < 4; i++) png.data.set([255, 0, 0, 255], i * 4);
  return PNG.sync.write(png);
}

const GRAYSCALE: Filter = { functions: [{ kind: 'grayscale', amount: 1 }], part: 'css', line: 7 };

async function paintFilteredImage(platform: ReturnType<typeof nodePlatform>) {
  const image: ImageFragment = { kind: 'image', x: 0, y: 0, width: 40, height: 40, bytes: redPng(), format: 'png' };
  const fragment = box({ x: 10, y: 10, width: 40, height: 40, style: { filter: GRAYSCALE }, children: [image] });
  const findings = new Findings();
  const { bytes } = await paintPdfWith(platform, [page([fragment])], {
    fonts,
    findings,
    metadata: { creationDate: new Date('2026-01-02T03:04:05Z') },
  });
  return { raster: await rasterize(bytes), findings: findings.list() };
}

describe('images under a filter', () => {
  it('are drawn through it where the platform decodes them', async () => {
    const { raster, findings } = await paintFilteredImage(nodePlatform());
    expect(raster.at(30, 30)).toEqual([54, 54, 54]);
    expect(findings).toEqual([]);
  });

  it("are drawn as they are, and said at the filter's line, where it cannot (a PNG in a browser)", async () => {
    const { decodeImage: _, ...withoutDecoder } = nodePlatform();
    const { raster, findings } = await paintFilteredImage(withoutDecoder);
    expect(raster.at(30, 30)).toEqual([255, 0, 0]);
    expect(findings).toEqual([
      {
        code: 'unsupported_css_value',
        message: expect.stringMatching(/^filter: an image in the filtered element could not be decoded here/),
        part: 'css',
        line: 7,
      },
    ]);
  });
});
