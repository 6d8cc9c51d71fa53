import { describe, expect, it } from 'vitest';
import { initialStyle } from '../style/computed-style';
import { anonymousStyle } from './anonymous-style';

describe('anonymousStyle', () => {
  it('takes the inherited properties from the parent and leaves the others initial', () => {
    const parent = {
      ...initialStyle(),
      display: 'list-item' as const,
      color: { r: 1, g: 2, b: 3, a: 1 },
      fontFamily: ['brand sans'],
      fontSize: 20,
      whiteSpace: 'pre' as const,
      textAlign: 'center' as const,
      lang: 'de',
      borderCollapse: 'collapse' as const,
      textDecoration: { underline: true, overline: false, lineThrough: false, color: null, style: 'solid' as const },
      marginTop: { pt: 12, pct: 0 },
      paddingLeft: { pt: 30, pct: 0 },
      backgroundColor: { r: 255, g: 0, b: 0, a: 1 },
      width: { pt: 100, pct: 0 },
      breakBefore: 'page' as const,
    };
    const style = anonymousStyle(parent);
    expect(style).toMatchObject({
      display: 'block',
      color: parent.color,
      fontFamily: ['brand sans'],
      fontSize: 20,
      whiteSpace: 'pre',
      textAlign: 'center',
      lang: 'de',
      borderCollapse: 'collapse',
      textDecoration: { underline: true },
      marginTop: { pt: 0, pct: 0 },
      paddingLeft: { pt: 0, pct: 0 },
      backgroundColor: { a: 0 },
      width: 'auto',
      breakBefore: 'auto',
    });
    expect(anonymousStyle(parent, 'table-row').display).toBe('table-row');
  });
});
