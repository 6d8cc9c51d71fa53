import type { PageSetupInput } from '@quire/core';
import { Findings } from '../engine/findings';
import type { StyledElement, StyledNode } from '../engine/style/computed-style';
import { computeStyles } from '../engine/style/index';
import type { FontRegistry } from '../fonts/registry';
import { pageGeometry } from '../pdf/document';
import type { Finding } from './check';

/**
 * What will differ from a browser in the fonts, and where: each `font-family` list the template's text is set in,
 * with the line of the first element that uses it, said once. A named font that is not here is drawn in another
 * one (its lines break elsewhere: a warning); Arial, Times New Roman and the like are drawn with metric-compatible
 * families (the same line breaks: said for information); generic names (`sans-serif`, and text that names no font)
 * are drawn with Quire's families where each browser picks its own.
 */
export function fontFindings(
  html: string,
  css: string,
  page: PageSetupInput | undefined,
  fonts: FontRegistry,
): Finding[] {
  const geometry = pageGeometry(page);
  const [left, top, right, bottom] = geometry.margins;
  const styled = computeStyles(
    {
      html,
      css,
      part: 'html',
      page: { width: geometry.width, height: geometry.height, margin: [top, right, bottom, left] },
    },
    new Findings(),
  );
  const embedded = new Set(
    styled.fontFaces.flatMap((rule) =>
      rule.declarations
        .filter((d) => d.property === 'font-family')
        .map((d) =>
          d.value
            .trim()
            .replace(/^(['"])(.*)\1$/, '$2')
            .toLowerCase(),
        ),
    ),
  );
  const lists = new Map<string, { family: string[]; line: number | undefined }>();
  const walk = (element: StyledElement) => {
    for (const child of element.children) {
      if (child.kind === 'element') walk(child);
      else if (hasText(child)) {
        const key = child.style.fontFamily.join(',');
        if (!lists.has(key)) lists.set(key, { family: child.style.fontFamily, line: element.line });
      }
    }
  };
  walk(styled.root);
  const findings: Finding[] = [];
  for (const { family, line } of lists.values()) {
    if (
      embedded.has(
        (family[0] ?? '')
          .trim()
          .replace(/^(['"])(.*)\1$/, '$2')
          .toLowerCase(),
      )
    )
      continue;
    const { first: lower, family: drawn, how } = fonts.resolution(family);
    // Computed names are lower case: the template's own spelling reads better.
    const first = spelled(lower, `${html}\n${css}`);
    const at = line === undefined ? {} : { line };
    if (how === 'missing' || how === 'substituted') {
      findings.push({
        code: 'font_substituted',
        severity: 'warning',
        message: `The font "${first}" is not here: its text is drawn in ${drawn}, so its lines may break where a browser with "${first}" would not. Upload the font to your team or embed it with @font-face.`,
        ...at,
      });
    } else if (how === 'metric-compatible') {
      findings.push({
        code: 'font_metric_compatible',
        severity: 'info',
        message: `"${first}" is drawn with ${drawn}, which has its metrics: lines break as with "${first}".`,
        ...at,
      });
    } else if (how === 'generic') {
      findings.push({
        code: 'font_generic',
        severity: 'info',
        message: `${first} is drawn in ${drawn}; each browser draws its own ${first} font (and, where no font is named, its default serif). Name a font, such as Arial, to get the same line breaks everywhere.`,
        ...at,
      });
    }
  }
  return findings;
}

function spelled(name: string, source: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped, 'i').exec(source)?.[0] ?? name;
}

function hasText(node: StyledNode): boolean {
  return node.kind === 'text' && node.text.trim() !== '';
}
