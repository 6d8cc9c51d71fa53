import type { ColorFilter } from '../style/color-filter';
import { num } from './content';

// What a colour filter cannot reach in a drawing's operators: colours in other spaces than RGB (patterns, which
// gradients are, grey, CMYK…), shadings, and XObjects (images, and the forms of grouped opacity or masks, whose
// colours are in streams of their own).
const OUT_OF_REACH =
  /\/(?:Pattern|DeviceCMYK|DeviceGray|Indexed|ICCBased|Separation|DeviceN)\b|\b(?:Do|sh|BI)\b|(?:^|\s)-?[\d.]+ [gG](?=\s|$)|(?:^|\s)-?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+ [kK](?=\s|$)/;
const NUMBER = '(-?(?:\\d+\\.?\\d*|\\.\\d+)(?:e-?\\d+)?)';
const RGB_OPERANDS = new RegExp(`(^|\\s)${NUMBER} ${NUMBER} ${NUMBER} (scn|SCN|sc|SC|rg|RG)(?=\\s|$)`, 'g');

/**
 * An SVG drawing's content operators (as svg-to-pdfkit writes them: `/DeviceRGB cs` then `r g b scn`) with every
 * colour through the filter; undefined when the drawing has colours the filter cannot reach (gradients, images,
 * grouped opacity), for the caller to draw it as it is and say so.
 */
export function filteredSvgContent(drawn: string, filter: ColorFilter): string | undefined {
  if (OUT_OF_REACH.test(drawn)) return undefined;
  return drawn.replace(RGB_OPERANDS, (_match, lead: string, r: string, g: string, b: string, op: string) => {
    const color = filter.color({ r: Number(r) * 255, g: Number(g) * 255, b: Number(b) * 255, a: 1 });
    return `${lead}${num(color.r / 255)} ${num(color.g / 255)} ${num(color.b / 255)} ${op}`;
  });
}
