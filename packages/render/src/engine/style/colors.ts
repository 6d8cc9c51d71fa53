import type { CssNode } from 'css-tree';
import type { Color } from './computed-style';

// CSS Color 4's named colours, as 0xrrggbb.
const NAMED: Record<string, number> = {
  aliceblue: 0xf0f8ff,
  antiquewhite: 0xfaebd7,
  aqua: 0x00ffff,
  aquamarine: 0x7fffd4,
  azure: 0xf0ffff,
  beige: 0xf5f5dc,
  bisque: 0xffe4c4,
  black: 0x000000,
  blanchedalmond: 0xffebcd,
  blue: 0x0000ff,
  blueviolet: 0x8a2be2,
  brown: 0xa52a2a,
  burlywood: 0xdeb887,
  cadetblue: 0x5f9ea0,
  chartreuse: 0x7fff00,
  chocolate: 0xd2691e,
  coral: 0xff7f50,
  cornflowerblue: 0x6495ed,
  cornsilk: 0xfff8dc,
  crimson: 0xdc143c,
  cyan: 0x00ffff,
  darkblue: 0x00008b,
  darkcyan: 0x008b8b,
  darkgoldenrod: 0xb8860b,
  darkgray: 0xa9a9a9,
  darkgreen: 0x006400,
  darkgrey: 0xa9a9a9,
  darkkhaki: 0xbdb76b,
  darkmagenta: 0x8b008b,
  darkolivegreen: 0x556b2f,
  darkorange: 0xff8c00,
  darkorchid: 0x9932cc,
  darkred: 0x8b0000,
  darksalmon: 0xe9967a,
  darkseagreen: 0x8fbc8f,
  darkslateblue: 0x483d8b,
  darkslategray: 0x2f4f4f,
  darkslategrey: 0x2f4f4f,
  darkturquoise: 0x00ced1,
  darkviolet: 0x9400d3,
  deeppink: 0xff1493,
  deepskyblue: 0x00bfff,
  dimgray: 0x696969,
  dimgrey: 0x696969,
  dodgerblue: 0x1e90ff,
  firebrick: 0xb22222,
  floralwhite: 0xfffaf0,
  forestgreen: 0x228b22,
  fuchsia: 0xff00ff,
  gainsboro: 0xdcdcdc,
  ghostwhite: 0xf8f8ff,
  gold: 0xffd700,
  goldenrod: 0xdaa520,
  gray: 0x808080,
  green: 0x008000,
  greenyellow: 0xadff2f,
  grey: 0x808080,
  honeydew: 0xf0fff0,
  hotpink: 0xff69b4,
  indianred: 0xcd5c5c,
  indigo: 0x4b0082,
  ivory: 0xfffff0,
  khaki: 0xf0e68c,
  lavender: 0xe6e6fa,
  lavenderblush: 0xfff0f5,
  lawngreen: 0x7cfc00,
  lemonchiffon: 0xfffacd,
  lightblue: 0xadd8e6,
  lightcoral: 0xf08080,
  lightcyan: 0xe0ffff,
  lightgoldenrodyellow: 0xfafad2,
  lightgray: 0xd3d3d3,
  lightgreen: 0x90ee90,
  lightgrey: 0xd3d3d3,
  lightpink: 0xffb6c1,
  lightsalmon: 0xffa07a,
  lightseagreen: 0x20b2aa,
  lightskyblue: 0x87cefa,
  lightslategray: 0x778899,
  lightslategrey: 0x778899,
  lightsteelblue: 0xb0c4de,
  lightyellow: 0xffffe0,
  lime: 0x00ff00,
  limegreen: 0x32cd32,
  linen: 0xfaf0e6,
  magenta: 0xff00ff,
  maroon: 0x800000,
  mediumaquamarine: 0x66cdaa,
  mediumblue: 0x0000cd,
  mediumorchid: 0xba55d3,
  mediumpurple: 0x9370db,
  mediumseagreen: 0x3cb371,
  mediumslateblue: 0x7b68ee,
  mediumspringgreen: 0x00fa9a,
  mediumturquoise: 0x48d1cc,
  mediumvioletred: 0xc71585,
  midnightblue: 0x191970,
  mintcream: 0xf5fffa,
  mistyrose: 0xffe4e1,
  moccasin: 0xffe4b5,
  navajowhite: 0xffdead,
  navy: 0x000080,
  oldlace: 0xfdf5e6,
  olive: 0x808000,
  olivedrab: 0x6b8e23,
  orange: 0xffa500,
  orangered: 0xff4500,
  orchid: 0xda70d6,
  palegoldenrod: 0xeee8aa,
  palegreen: 0x98fb98,
  paleturquoise: 0xafeeee,
  palevioletred: 0xdb7093,
  papayawhip: 0xffefd5,
  peachpuff: 0xffdab9,
  peru: 0xcd853f,
  pink: 0xffc0cb,
  plum: 0xdda0dd,
  powderblue: 0xb0e0e6,
  purple: 0x800080,
  rebeccapurple: 0x663399,
  red: 0xff0000,
  rosybrown: 0xbc8f8f,
  royalblue: 0x4169e1,
  saddlebrown: 0x8b4513,
  salmon: 0xfa8072,
  sandybrown: 0xf4a460,
  seagreen: 0x2e8b57,
  seashell: 0xfff5ee,
  sienna: 0xa0522d,
  silver: 0xc0c0c0,
  skyblue: 0x87ceeb,
  slateblue: 0x6a5acd,
  slategray: 0x708090,
  slategrey: 0x708090,
  snow: 0xfffafa,
  springgreen: 0x00ff7f,
  steelblue: 0x4682b4,
  tan: 0xd2b48c,
  teal: 0x008080,
  thistle: 0xd8bfd8,
  tomato: 0xff6347,
  turquoise: 0x40e0d0,
  violet: 0xee82ee,
  wheat: 0xf5deb3,
  white: 0xffffff,
  whitesmoke: 0xf5f5f5,
  yellow: 0xffff00,
  yellowgreen: 0x9acd32,
};

const namedCache = new Map<string, Color>();

/**
 * A colour value (`red`, `#abc`, `#aabbccdd`, `rgb()`/`rgba()`/`hsl()`/`hsla()` in comma or space syntax, with
 * alpha), or undefined when it is not one. `currentColor` is `current`.
 */
export function parseColor(node: CssNode, current: Color): Color | undefined {
  switch (node.type) {
    case 'Identifier':
      return namedColor(node.name.toLowerCase(), current);
    case 'Hash':
      return hexColor(node.value);
    case 'Function':
      return functionColor(node.name.toLowerCase(), node.children.toArray());
    default:
      return undefined;
  }
}

function namedColor(name: string, current: Color): Color | undefined {
  if (name === 'currentcolor') return current;
  if (name === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const cached = namedCache.get(name);
  if (cached) return cached;
  const rgb = NAMED[name];
  if (rgb === undefined) return undefined;
  const color = { r: rgb >> 16, g: (rgb >> 8) & 0xff, b: rgb & 0xff, a: 1 };
  namedCache.set(name, color);
  return color;
}

function hexColor(hex: string): Color | undefined {
  if (!/^[\da-f]+$/i.test(hex)) return undefined;
  const digits = hex.length === 3 || hex.length === 4 ? [...hex].map((d) => d + d).join('') : hex;
  if (digits.length !== 6 && digits.length !== 8) return undefined;
  const byte = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), a: digits.length === 8 ? byte(6) / 255 : 1 };
}

function functionColor(name: string, nodes: CssNode[]): Color | undefined {
  const slash = nodes.findIndex((n) => n.type === 'Operator' && n.value === '/');
  const channels = (slash === -1 ? nodes : nodes.slice(0, slash)).filter((n) => n.type !== 'Operator');
  const alphaNodes = slash === -1 ? channels.splice(3) : nodes.slice(slash + 1);
  if (channels.length !== 3 || alphaNodes.length > 1) return undefined;
  const alphaNode = alphaNodes[0];
  const a = alphaNode ? fraction(alphaNode, 1) : 1;
  if (a === undefined) return undefined;
  if (name === 'rgb' || name === 'rgba') {
    const [r, g, b] = channels.map((n) => fraction(n, 255));
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return { r: channel(r * 255), g: channel(g * 255), b: channel(b * 255), a: clamp01(a) };
  }
  if (name === 'hsl' || name === 'hsla') {
    const [hNode, sNode, lNode] = channels as [CssNode, CssNode, CssNode];
    const h = hue(hNode);
    const s = fraction(sNode, 100);
    const l = fraction(lNode, 100);
    if (h === undefined || s === undefined || l === undefined) return undefined;
    return { ...hslToRgb(h, clamp01(s), clamp01(l)), a: clamp01(a) };
  }
  return undefined;
}

/** A number as a fraction of `scale` (`128` of 255, `50%`). */
function fraction(node: CssNode, scale: number): number | undefined {
  if (node.type === 'Number') return Number(node.value) / scale;
  if (node.type === 'Percentage') return Number(node.value) / 100;
  return undefined;
}

function hue(node: CssNode): number | undefined {
  if (node.type === 'Number') return Number(node.value);
  if (node.type !== 'Dimension') return undefined;
  const n = Number(node.value);
  const unit = node.unit.toLowerCase();
  if (unit === 'deg') return n;
  if (unit === 'turn') return n * 360;
  if (unit === 'rad') return (n * 180) / Math.PI;
  if (unit === 'grad') return n * 0.9;
  return undefined;
}

function hslToRgb(h: number, s: number, l: number): { r: number; g: number; b: number } {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return channel(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const channel = (n: number) => Math.round(Math.min(255, Math.max(0, n)));
