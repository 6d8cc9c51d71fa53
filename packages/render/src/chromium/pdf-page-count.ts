/**
 * The number of pages of a PDF, read from its page tree: the largest `/Count` of a `/Type /Pages` node, which is
 * the root's. Chromium writes these dictionaries uncompressed. When no page tree node is readable (object streams),
 * the `/Type /Page` leaves are counted instead.
 */
export function countPdfPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let count = 0;
  for (const [, body = ''] of text.matchAll(/\d+\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g)) {
    if (!/\/Type\s*\/Pages\b/.test(body)) continue;
    const nodeCount = /\/Count\s+(\d+)/.exec(body)?.[1];
    if (nodeCount !== undefined) count = Math.max(count, Number(nodeCount));
  }
  return count > 0 ? count : (text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0);
}
