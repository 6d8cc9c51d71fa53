import { createTemplateEngine, type TemplateContent, TemplateError } from '@quire/core';
import type { OfflineAnswer } from './answer';
import { compose } from './compose';
import { findAll, parseHtml, splice } from './dom';
import { fillSample } from './sample';
import { readSpec } from './spec';
import { listText } from './text';

/**
 * Repairs for what the checks found: the deterministic fixes there are. A template the provider generated and
 * nobody edited is composed again from its spec (its blocks stay inside the supported subset); otherwise the
 * problems are fixed one by one: unsupported CSS and elements removed, fixed heights dropped, column widths
 * shared again, missing sample values filled, Liquid tags closed or removed. What it cannot fix it says.
 */

const engine = createTemplateEngine();

interface Work {
  html: string;
  css: string;
  sample: Record<string, unknown>;
  done: string[];
  left: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Removes a property everywhere: from the CSS and from style attributes. */
function dropProperty(work: Work, property: string): boolean {
  const pattern = new RegExp(`(^|[;{\\s])${escapeRegExp(property)}\\s*:[^;}"]*;?`, 'gi');
  const before = work.css + work.html;
  work.css = work.css.replace(pattern, '$1');
  work.html = work.html.replace(
    /style\s*=\s*"([^"]*)"/gi,
    (_, body: string) => `style="${body.replace(pattern, '$1').trim()}"`,
  );
  return before !== work.css + work.html;
}

/** Removes the rules with this selector (and at-rules by name). */
function dropRule(work: Work, selector: string): boolean {
  const before = work.css;
  const blocks = /([^{}]+)\{([^{}]*)\}/g;
  work.css = work.css.replace(blocks, (whole, prelude: string, body: string) => {
    const parts = prelude.split(',').map((p) => p.trim());
    const kept = parts.filter((p) => p !== selector.trim() && !p.includes(selector.trim()));
    if (kept.length === parts.length) return whole;
    return kept.length ? `${kept.join(', ')} {${body}}` : '';
  });
  return before !== work.css;
}

function dropAtRule(work: Work, name: string): boolean {
  const before = work.css;
  // An at-rule with a block of rules: count braces to its end.
  let out = '';
  let i = 0;
  const at = new RegExp(`@${escapeRegExp(name)}\\b`, 'gi');
  for (;;) {
    at.lastIndex = i;
    const m = at.exec(work.css);
    if (!m) break;
    out += work.css.slice(i, m.index);
    let j = work.css.indexOf('{', m.index);
    const semicolon = work.css.indexOf(';', m.index);
    if (j < 0 || (semicolon >= 0 && semicolon < j)) {
      i = semicolon < 0 ? work.css.length : semicolon + 1;
      continue;
    }
    let depth = 0;
    for (; j < work.css.length; j++) {
      if (work.css[j] === '{') depth++;
      else if (work.css[j] === '}' && --depth === 0) break;
    }
    i = j + 1;
  }
  work.css = out + work.css.slice(i);
  return before !== work.css;
}

function dropElements(work: Work, name: string): number {
  const els = findAll(parseHtml(work.html), (e) => e.name === name);
  for (const el of [...els].reverse()) work.html = splice(work.html, el.start, el.end, '');
  return els.length;
}

/** Closes what a Liquid parse says is unclosed, or removes a stray closing tag, until the template parses. */
function fixLiquid(work: Work): string[] {
  const fixes: string[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    try {
      engine.parse(work.html);
      return fixes;
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      const message = error.message;
      const tag =
        /tag \{%-?\s*(\w+)/.exec(message)?.[1] ??
        /"?(if|for|unless|case|capture|comment|raw|tablerow)"? not closed/.exec(message)?.[1];
      const lines = work.html.split('\n');
      const line = Number(error.details.line ?? 0);
      if (/not closed|unclosed/i.test(message) && tag) {
        work.html = `${work.html.trimEnd()}\n{% end${tag} %}\n`;
        fixes.push(`closed an unclosed {% ${tag} %}${line ? ` (line ${line})` : ''}`);
        continue;
      }
      const filter = /undefined filter:?\s*"?([\w-]+)/i.exec(message)?.[1];
      if (filter) {
        work.html = work.html.replace(new RegExp(`\\|\\s*${escapeRegExp(filter)}\\b(\\s*:\\s*[^|}%]*)?`, 'g'), '');
        fixes.push(`removed the unknown filter "${filter}"`);
        continue;
      }
      if (line > 0 && line <= lines.length) {
        const text = lines[line - 1] as string;
        const cleaned = text
          .replace(/\{%-?\s*(end\w+|else|elsif[^%]*|when[^%]*)\s*-?%\}/g, '')
          .replace(/\{\{(?![^}]*\}\})/g, '')
          .replace(/\{%(?![^%]*%\})/g, '');
        if (cleaned !== text) {
          lines[line - 1] = cleaned;
          work.html = lines.join('\n');
          fixes.push(`removed a broken Liquid tag on line ${line}`);
          continue;
        }
        lines[line - 1] = text.replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, '');
        if (lines[line - 1] !== text) {
          work.html = lines.join('\n');
          fixes.push(`removed the Liquid on line ${line}, which could not be read`);
          continue;
        }
      }
      work.left.push(`the Liquid error "${message}"`);
      return fixes;
    }
  }
  return fixes;
}

function setPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path
    .replace(/\[\d*\]/g, '.0')
    .split('.')
    .filter(Boolean);
  let node: Record<string, unknown> | unknown[] = data;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const next = keys[i + 1];
    const container = node as Record<string, unknown>;
    if (last) {
      if (container[key] === undefined) container[key] = value;
      return;
    }
    if (!container[key] || typeof container[key] !== 'object')
      container[key] = next !== undefined && /^\d+$/.test(next) ? [] : {};
    node = container[key] as Record<string, unknown>;
  });
}

function sampleValue(path: string): unknown {
  const name =
    path
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? '';
  if (/date|_on$|_at$/.test(name)) return '2026-03-14';
  if (/price|amount|total|cost|fee|balance|rate/.test(name)) return 120;
  if (/qty|quantity|count|hours|number_of/.test(name)) return 2;
  if (/url|link/.test(name)) return 'https://example.com';
  if (/email/.test(name)) return 'ada@example.com';
  return `Sample ${name.replace(/_/g, ' ')}`;
}

type Rule = [RegExp, (match: RegExpExecArray, work: Work) => void];

/** Each kind of problem the checks report, and its fix. The first rule whose pattern matches applies. */
const RULES: Rule[] = [
  [
    /CSS property "([^"]+)"/i,
    (m, work) => {
      if (dropProperty(work, m[1] as string)) work.done.push(`removed the unsupported CSS property "${m[1]}"`);
    },
  ],
  [
    /selector "([^"]+)"/i,
    (m, work) => {
      if (dropRule(work, m[1] as string)) work.done.push(`removed the rule for "${m[1]}", which a PDF cannot apply`);
    },
  ],
  [
    // A font the engine cannot load (a URL, not a data: URI): the text falls back; the rule only misleads.
    /@font-face "[^"]*": the font/i,
    (_m, work) => {
      if (dropAtRule(work, 'font-face')) work.done.push('removed the @font-face rule, whose font cannot be loaded');
    },
  ],
  [
    /@([\w-]+) is not supported/i,
    (m, work) => {
      if (dropAtRule(work, m[1] as string)) work.done.push(`removed the @${m[1]} rule`);
    },
  ],
  [
    /<([\w-]+)>\s*(?:cannot be drawn|is not part of|directly inside)/i,
    (m, work) => {
      const count = dropElements(work, (m[1] as string).toLowerCase());
      if (count) work.done.push(`removed ${count} <${m[1]}> element${count === 1 ? '' : 's'}`);
    },
  ],
  [
    /columns add up to|wider than the/i,
    (_, work) => {
      const before = work.html + work.css;
      work.html = work.html.replace(/<col\b[^>]*>/gi, (tag) => tag.replace(/\s*width\s*=\s*"[^"]*"/i, ''));
      work.html = work.html.replace(/(<t[hd]\b[^>]*?)\s*width\s*=\s*"\d+(?:\.\d+)?(?:px|pt|mm)?"/gi, '$1');
      // The table's own width, in the style sheet, in its style attribute or as an attribute.
      work.html = work.html.replace(
        /(<table\b[^>]*?style\s*=\s*"[^"]*?)(?<![-\w])width:\s*[\d.]+(px|pt|mm|cm|in)/gi,
        '$1width: 100%',
      );
      work.html = work.html.replace(/(<table\b[^>]*?)\s+width\s*=\s*"\d+(?:\.\d+)?(?:px|pt|mm)?"/gi, '$1');
      work.css = work.css.replace(/(table[^{]*\{[^}]*?)width:\s*[\d.]+(px|pt|mm|cm|in)/gi, '$1width: 100%');
      if (before !== work.html + work.css)
        work.done.push('removed the fixed column widths so the table shares the page width');
    },
  ],
  [
    /block ([\d.]+)pt wide does not fit/i,
    (_, work) => {
      const before = work.css + work.html;
      work.css = work.css.replace(/(?<![-\w])width:\s*[\d.]+(px|pt|mm|cm|in)/gi, 'max-width: 100%');
      work.html = work.html.replace(
        /(style\s*=\s*"[^"]*?)(?<![-\w])width:\s*[\d.]+(px|pt|mm|cm|in)/gi,
        '$1max-width: 100%',
      );
      if (before !== work.css + work.html)
        work.done.push('replaced fixed widths wider than the page with max-width: 100%');
    },
  ],
  [
    /high needs about|box grows/i,
    (_, work) => {
      const before = work.css;
      work.css = work.css.replace(
        /(?<![-\w])height:\s*[\d.]+(px|pt|mm|cm|in|em)\s*;?/gi,
        (decl, _u, offset: number) => {
          const selector = work.css.slice(work.css.lastIndexOf('}', offset) + 1, work.css.lastIndexOf('{', offset));
          return /\b(img|svg|logo)\b/i.test(selector) ? decl : '';
        },
      );
      if (before !== work.css) work.done.push('removed fixed heights from boxes whose content is taller');
    },
  ],
  [
    /data has no ([\w.[\]]+)|missing[_ ]variable\W+(?:the data has no )?([\w.[\]]+)/i,
    (m, work) => {
      const path = (m[1] ?? m[2]) as string;
      setPath(work.sample, path, sampleValue(path));
      work.done.push(`added \`${path}\` to the sample data`);
    },
  ],
  [
    /image "([^"…]+)/i,
    (m, work) => {
      const src = m[1] as string;
      const els = findAll(parseHtml(work.html), (e) => e.name === 'img' && (e.attrs.src ?? '').startsWith(src));
      for (const el of [...els].reverse()) work.html = splice(work.html, el.start, el.end, '');
      if (els.length)
        work.done.push(`removed the image "${src}" that could not be loaded (pass it as an asset, or a data: URL)`);
    },
  ],
  [
    /barcode "([^"]+)" could not be drawn/i,
    (m, work) => {
      const before = work.html;
      work.html = work.html
        .replace(/(<bar-code\b[^>]*type\s*=\s*")(?!code128)[\w]+(")/gi, '$1code128$2')
        .replace(/barcode:\s*"(?!code128)\w+"/g, 'barcode: "code128"');
      if (before !== work.html) work.done.push('switched the barcode to Code 128, which can hold any text');
      else work.left.push(`the barcode value "${m[1]}" (the data must suit the symbology)`);
    },
  ],
  [
    /No registered font can draw (.+?);/i,
    (m, work) => {
      const chars = (m[1] as string).split(' ').filter((c) => c && c !== '…');
      const before = work.html;
      for (const ch of chars) work.html = work.html.split(ch).join('');
      if (before !== work.html)
        work.done.push(`removed the characters ${chars.join(' ')}, which no bundled font can draw`);
      else work.left.push('characters no font can draw that come from the data (register a font that has them)');
    },
  ],
  // Liquid errors are fixed after the rest, by parsing until the template parses.
  [/liquid|syntax|not closed|not found|unexpected|undefined filter|line \d+/i, () => undefined],
];

export function repair(current: TemplateContent, problems: string[]): OfflineAnswer {
  const recovered = readSpec(current.html, current.css);
  if (
    recovered?.pristine &&
    problems.some((p) => !/missing|no .* which the template prints|overflow|wider|narrowed/i.test(p))
  ) {
    const content = compose(recovered.spec, current.sample_data ?? {});
    return {
      reply: `I composed the template again from the spec it was generated from, which keeps it inside the supported HTML and CSS. ${problems.length} problem${problems.length === 1 ? ' was' : 's were'} reported.`,
      content,
    };
  }
  const work: Work = {
    html: current.html,
    css: current.css ?? '',
    sample: structuredClone(current.sample_data ?? {}),
    done: [],
    left: [],
  };
  const unknown: string[] = [];
  for (const problem of problems) {
    const rule = RULES.find(([pattern]) => pattern.test(problem));
    if (!rule) {
      unknown.push(problem);
      continue;
    }
    rule[1](rule[0].exec(problem) as RegExpExecArray, work);
  }
  const liquidFixes = fixLiquid(work);
  work.done.push(...liquidFixes);
  if (recovered && work.done.length === 0) {
    const content = compose(recovered.spec, fillSample(recovered.spec, current.sample_data ?? {}));
    return {
      reply:
        'I composed the template again from the spec it was generated from; your edits since then are not kept, so compare before saving.',
      content,
    };
  }
  const reply =
    work.done.length > 0
      ? `I ${listText(work.done)}.${work.left.length || unknown.length ? ` I could not fix ${listText([...work.left, ...unknown.map((u) => `"${u}"`)])}.` : ''}`
      : `I could not fix ${listText([...work.left, ...unknown.map((u) => `"${u}"`)]) || 'what was reported'} automatically. The template is unchanged.`;
  return {
    reply,
    content: {
      name: current.name,
      html: work.html,
      css: work.css,
      page: current.page as never,
      sample_data: work.sample,
      footer_html: current.footer_html,
    },
  };
}
