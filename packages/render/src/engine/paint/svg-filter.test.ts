import { describe, expect, it } from 'vitest';
import { ColorFilter } from '../style/color-filter';
import { filteredSvgContent } from './svg-filter';

const invert = ColorFilter.of([{ kind: 'invert', amount: 1 }], null) as ColorFilter;

describe('filteredSvgContent', () => {
  it('changes the RGB fill and stroke colours of a drawing and nothing else', () => {
    const drawn = 'q\n/DeviceRGB cs\n0.2 0.4 1 scn\n/Gs1 gs\n/DeviceRGB CS\n1 0 0 SCN\n2 w\n0 0 m\n10 0 l\nB\nQ';
    expect(filteredSvgContent(drawn, invert)).toBe(
      'q\n/DeviceRGB cs\n0.8 0.6 0 scn\n/Gs1 gs\n/DeviceRGB CS\n0 1 1 SCN\n2 w\n0 0 m\n10 0 l\nB\nQ',
    );
  });

  it('leaves alone what it cannot reach: patterns, other colour spaces, images and forms, shadings', () => {
    for (const drawn of [
      '/Pattern cs\n/Sh1 scn\n0 0 10 10 re\nf',
      '/DeviceCMYK cs\n0 1 1 0 scn',
      '0.5 g\n0 0 10 10 re\nf',
      'q 10 0 0 10 0 0 cm /I1 Do Q',
      '/Sh2 sh',
    ])
      expect(filteredSvgContent(drawn, invert), drawn).toBeUndefined();
  });
});
