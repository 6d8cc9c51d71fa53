import { QuireError, type TemplateContent, type TemplateEngine } from '@quire/core';
import { type Finding, type FontFaces, RenderLimitError } from '@quire/render';
import type { TemplateRenderer } from '../../templates/index';
import { type DataSet, type DataSetName, rowCount } from './edge-cases';
import type { CheckedItem, RemainingFinding, ReportFinding } from './report';

const PARTS = ['html', 'header_html', 'footer_html'] as const;

/** Liquid syntax errors of the body, header and footer, as findings with their line and column. */
export function syntaxFindings(engine: TemplateEngine, content: TemplateContent): ReportFinding[] {
  const findings: ReportFinding[] = [];
  for (const part of PARTS) {
    try {
      engine.parse(content[part]);
    } catch (error) {
      if (!QuireError.isInstance(error)) throw error;
      const { line, column } = error.details as { line?: number; column?: number };
      findings.push({
        code: error.code,
        severity: 'error',
        message: part === 'html' ? error.message : `${part}: ${error.message}`,
        ...(line ? { line } : {}),
        ...(column ? { column } : {}),
        serious: true,
      });
    }
  }
  return findings;
}

/** Findings about the data's shape: they only mean something for the sample, not for data made to be odd. */
const DATA_SHAPE = new Set(['missing_variable', 'unused_variable', 'type_mismatch']);

/**
 * The pages a sample may fill before the layout is suspect: two, and one more for every 20 rows of its lists.
 * A one-page invoice whose three rows spread over five pages has fixed heights or forced breaks gone wrong.
 */
export const pageLimit = (sample: unknown) => 2 + Math.ceil(rowCount(sample) / 20);

/**
 * Which findings go back to the model. Errors do (template errors, glyphs, images, barcodes, invalid MJML), except
 * CJK glyphs on a server without @quire/fonts-cjk: that is the server's limit, not the template's. Content wider than the page
 * does with the sample (with 500-character words it may be the data's fault). So do data the template prints but
 * the sample lacks (the model invented a field) and a sample that fills too many pages.
 */
function assess(finding: Finding, set: DataSetName): ReportFinding | undefined {
  if (finding.severity === 'info') return undefined;
  if (set !== 'sample' && DATA_SHAPE.has(finding.code)) return undefined;
  const base = { ...finding, serious: false };
  if (finding.code === 'missing_glyphs' && set === 'cjk') return { ...base, known_limitation: true };
  if (finding.severity === 'error') return { ...base, serious: true };
  if (set === 'sample' && (finding.code === 'content_overflow' || finding.code === 'missing_variable')) {
    return { ...base, serious: true };
  }
  return base;
}

async function checkOne(
  renderer: TemplateRenderer,
  content: TemplateContent,
  set: DataSet,
  fonts: Record<string, FontFaces> | undefined,
): Promise<{ pages: number | null; findings: Finding[] }> {
  try {
    return await renderer.check({ template: content, data: set.data, ...(fonts ? { fonts } : {}) });
  } catch (error) {
    // A render the pool stopped (render_timeout, render_memory_exceeded) is a finding about the template.
    if (!QuireError.isInstance(error) && !(error instanceof RenderLimitError)) throw error;
    return { pages: null, findings: [{ code: error.code, severity: 'error', message: error.message }] };
  }
}

/** Renders and checks the template with every data set (in parallel: a render pool spreads them over its workers). */
export async function renderChecks(
  renderer: TemplateRenderer,
  content: TemplateContent,
  sets: DataSet[],
  fonts?: Record<string, FontFaces>,
): Promise<CheckedItem[]> {
  const results = await Promise.all(sets.map((set) => checkOne(renderer, content, set, fonts)));
  return sets.map((set, index) => {
    const result = results[index] as { pages: number | null; findings: Finding[] };
    const findings = result.findings.flatMap((finding) => assess(finding, set.name) ?? []);
    const limit = pageLimit(set.data);
    if (set.name === 'sample' && content.kind === 'document' && result.pages !== null && result.pages > limit) {
      findings.push({
        code: 'too_many_pages',
        severity: 'warning',
        message:
          `The sample data fills ${result.pages} pages; data this small should fit on ${limit} or fewer ` +
          '(look for fixed heights, forced page breaks and oversized elements)',
        serious: true,
      });
    }
    return {
      check: 'render',
      data_set: set.name,
      description: set.description,
      ok: !findings.some((f) => f.serious),
      pages: result.pages,
      findings,
    };
  });
}

/** Every serious finding, as a line for the model: which data, what, and where. */
export function problemsOf(checked: CheckedItem[]): string[] {
  const lines = new Set<string>();
  for (const item of checked) {
    for (const finding of item.findings) {
      if (!finding.serious) continue;
      const where = finding.line ? ` (line ${finding.line}${finding.column ? `, column ${finding.column}` : ''})` : '';
      const data = item.data_set && item.data_set !== 'sample' ? `With ${item.description.toLowerCase()}: ` : '';
      lines.add(`${data}${finding.message}${where} [${finding.code}]`);
    }
  }
  return [...lines];
}

/** The errors and warnings left, each once, with the data sets that showed it. */
export function remainingOf(checked: CheckedItem[]): RemainingFinding[] {
  const byKey = new Map<string, RemainingFinding>();
  for (const item of checked) {
    for (const finding of item.findings) {
      const key = `${finding.code}\u0000${finding.message}`;
      const found = byKey.get(key);
      const set = item.data_set ?? 'sample';
      if (found) {
        if (!found.data_sets.includes(set)) found.data_sets.push(set);
        found.serious ||= finding.serious;
      } else {
        byKey.set(key, { ...finding, data_sets: [set] });
      }
    }
  }
  return [...byKey.values()];
}
