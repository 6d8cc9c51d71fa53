/**
 * Imported HTML as a template's parts: a whole document gives its body as the template's HTML and its `<style>`
 * elements as the CSS; a fragment stays as it is (its `<style>` elements too: the engine reads them in place).
 * Read as text, not through a DOM parser, which would move Liquid tags placed between table rows out of the table.
 */
export function importHtml(source: string): { html: string; css: string; title: string | null } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(source)?.[1]?.trim() || null;
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(source)?.[1];
  if (body === undefined) return { html: source.trim(), css: '', title };
  const styles = [...source.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => (match[1] ?? '').trim());
  const html = body.replace(/<style[^>]*>[\s\S]*?<\/style>/gi, '').trim();
  return { html, css: styles.filter(Boolean).join('\n\n'), title };
}

/** A template name from a file's name: "monthly-sales_report.html" → "Monthly sales report". */
export function nameOfFile(fileName: string): string {
  const words = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}
