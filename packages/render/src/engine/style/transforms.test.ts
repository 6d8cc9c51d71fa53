import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { StyledElement } from './computed-style';
import { showsBackFace, transformMatrix } from './transforms';

const A4 = { width: 595.28, height: 841.89, margin: [72, 72, 72, 72] as [number, number, number, number] };
function styleOf(css: string) {
  const findings = new Findings();
  const { root } = computeStyles({ html: '<div>x</div>', css: `div { ${css} }`, page: A4 }, findings);
  return { style: (root.children[0] as StyledElement).style, findings: findings.list() };
}
const round = (m: number[]) => m.map((v) => Math.round(v * 1000) / 1000 + 0);

describe('transform (CSS Transforms 1)', () => {
  it('computes 2D functions, the -webkit- spelling too, and names the perspective it does not draw', () => {
    const { style, findings } = styleOf('-webkit-transform: translate(-50%, 10px) rotate(0.25turn) scale(2) skewX(0)');
    expect(findings).toEqual([]);
    expect(style.transform).toEqual([
      { kind: 'translate', x: { pt: 0, pct: -50 }, y: { pt: 7.5, pct: 0 } },
      { kind: 'rotate', angle: 90 },
      { kind: 'scale', x: 2, y: 2 },
      { kind: 'skew', x: 0, y: 0 },
    ]);
    expect(styleOf('transform: none').style.transform).toBeNull();
    expect(styleOf('transform-origin: top left').style.transformOrigin).toEqual({
      x: { pt: 0, pct: 0 },
      y: { pt: 0, pct: 0 },
    });
    for (const value of ['perspective(400px) rotateY(20deg)', 'matrix3d(1,0,0,0, 0,1,0,0, 0,0,1,-0.01, 0,0,0,1)'])
      expect(styleOf(`transform: ${value}`).findings).toEqual([
        expect.objectContaining({ code: 'unsupported_css_value' }),
      ]);
  });

  it('draws 3D functions as a browser does without perspective: composed in 3D, then flattened', () => {
    const box = { x: 100, y: 50, width: 40, height: 20 };
    const matrixOf = (css: string) => {
      const { style, findings } = styleOf(`transform: ${css}`);
      expect(findings).toEqual([]);
      return round(transformMatrix(style.transform ?? [], style.transformOrigin, box));
    };
    // The "GPU layer" idioms are plain moves.
    expect(matrixOf('translateZ(0)')).toEqual([1, 0, 0, 1, 0, 0]);
    expect(matrixOf('translate3d(-50%, 20px, 0)')).toEqual(matrixOf('translate(-50%, 20px)'));
    expect(matrixOf('scale3d(2, 3, 4)')).toEqual(matrixOf('scale(2, 3)'));
    expect(matrixOf('rotate3d(0, 0, 1, 90deg)')).toEqual(matrixOf('rotate(90deg)'));
    expect(matrixOf('matrix3d(1,0,0,0, 0.5,1,0,0, 0,0,1,0, 10,20,0,1)')).toEqual(matrixOf('matrix(1,0,0.5,1,10,20)'));
    // Turned 60° about the vertical axis through its centre (120pt), a box shows half its width.
    expect(matrixOf('rotateY(60deg)')).toEqual([0.5, 0, 0, 1, 60, 0]);
    expect(matrixOf('rotateX(60deg)')).toEqual([1, 0, 0, 0.5, 0, 30]);
    // Depth matters once turned: pushed 10px towards the viewer, then laid flat back, it rises 7.5pt.
    expect(matrixOf('rotateX(90deg) translateZ(10px)')).toEqual([1, 0, 0, 0, 0, 52.5]);
    // A uniform w scales the whole map.
    expect(matrixOf('matrix3d(1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,2)')).toEqual(matrixOf('scale(0.5)'));
  });

  it("knows when a transform turns the box's back to the reader (backface-visibility)", () => {
    const back = (css: string) => showsBackFace(styleOf(`transform: ${css}`).style.transform ?? []);
    expect(styleOf('backface-visibility: hidden').style.backfaceVisibility).toBe('hidden');
    expect(back('rotateY(180deg)')).toBe(true);
    expect(back('rotateX(120deg) translateZ(10px)')).toBe(true);
    expect(back('rotate3d(1, 1, 0, 180deg)')).toBe(true);
    // Turned twice, it faces the reader again; a 2D mirror or a half-turn in the page's plane shows the front.
    expect(back('rotateY(180deg) rotateX(180deg)')).toBe(false);
    expect(back('scaleX(-1)')).toBe(false);
    expect(back('rotate(180deg)')).toBe(false);
    expect(back('rotateY(60deg)')).toBe(false);
    // Edge on, it has no side to show.
    expect(back('rotateY(90deg)')).toBe(false);
  });

  it('makes one matrix about the origin, the functions applied right to left', () => {
    const box = { x: 100, y: 50, width: 40, height: 20 };
    const centre = { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } };
    // translateX(-50%) of a 40pt box: 20pt to the left, whatever the origin.
    expect(
      round(transformMatrix([{ kind: 'translate', x: { pt: 0, pct: -50 }, y: { pt: 0, pct: 0 } }], centre, box)),
    ).toEqual([1, 0, 0, 1, -20, 0]);
    // A quarter turn about the centre (120, 60): the top-left corner (100, 50) goes to (130, 40).
    const m = transformMatrix([{ kind: 'rotate', angle: 90 }], centre, box);
    expect(round([m[0] * 100 + m[2] * 50 + m[4], m[1] * 100 + m[3] * 50 + m[5]])).toEqual([130, 40]);
    // Scale then move: translate(10pt) scale(2) moves by 10pt, then doubles about the origin.
    const top = { x: { pt: 0, pct: 0 }, y: { pt: 0, pct: 0 } };
    const both = transformMatrix(
      [
        { kind: 'translate', x: { pt: 10, pct: 0 }, y: { pt: 0, pct: 0 } },
        { kind: 'scale', x: 2, y: 2 },
      ],
      top,
      box,
    );
    expect(round([both[0] * 110 + both[4], both[3] * 60 + both[5]])).toEqual([130, 70]);
  });
});
