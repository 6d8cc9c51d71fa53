/**
 * `pnpm bench` for @quire/core: what the template language costs. Figures, never pass/fail.
 * The peer is LiquidJS with the same filters but none of Quire's safeguards (no limits, no escaping, prototype
 * reads allowed, no parse cache), measured in the same run, so the ratio is the price of those safeguards.
 */
import { Liquid } from 'liquidjs';
import { createTemplateEngine, inferTemplateVariables, registerQuireFilters, starters } from '../src/index';

function opsPerSecond(run: () => void, minMs = 400): { ops: number; perOpMs: number } {
  for (let i = 0; i < 20; i++) run(); // warm up the JIT and the parse cache
  let count = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    run();
    count++;
    elapsed = performance.now() - started;
  }
  return { ops: (count * 1000) / elapsed, perOpMs: elapsed / count };
}

const quire = createTemplateEngine({ limits: { renderMs: 60_000 } });
const peer = new Liquid();
registerQuireFilters(peer, { locale: 'en-US', timeZone: 'UTC', currency: 'USD', now: () => new Date() });
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

console.log('\n@quire/core template bench (one core, warm)\n');
console.log('starter                  quire renders/s   peer renders/s   quire/peer   infer ms');
for (const starter of starters) {
  const data = starter.sample_data;
  const ours = opsPerSecond(() => quire.render(starter.html, data));
  const peerTemplates = peer.parse(starter.html);
  const theirs = opsPerSecond(() => peer.renderSync(peerTemplates, data));
  const infer = opsPerSecond(() => inferTemplateVariables(quire, starter), 200);
  console.log(
    `${starter.id.padEnd(24)} ${fmt(ours.ops).padStart(15)} ${fmt(theirs.ops).padStart(16)} ${fmt(ours.ops / theirs.ops, 2).padStart(12)} ${fmt(infer.perOpMs, 2).padStart(10)}`,
  );
}

const table = `<table><thead><tr><th>#</th><th>Date</th><th>Customer</th><th>Item</th><th>Qty</th><th>Amount</th></tr></thead><tbody>
{% for r in rows %}<tr><td>{{ forloop.index }}</td><td>{{ r.date | date: "%Y-%m-%d" }}</td><td>{{ r.customer }}</td><td>{{ r.item }}</td><td>{{ r.qty | number }}</td><td>{{ r.amount | money }}</td></tr>{% endfor %}
</tbody></table>`;
console.log('\nlong tables (6 columns, filters on 3)      quire ms    peer ms   quire/peer   quire async ms');
for (const size of [2_000, 20_000]) {
  const rows = Array.from({ length: size }, (_, i) => ({
    date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    customer: `Customer ${i}`,
    item: `Item ${i % 97}`,
    qty: (i % 9) + 1,
    amount: (i % 500) * 3.25,
  }));
  const compiled = quire.parse(table);
  const ours = opsPerSecond(() => quire.render(compiled, { rows }), 1_000);
  const peerCompiled = peer.parse(table);
  const theirs = opsPerSecond(() => peer.renderSync(peerCompiled, { rows }), 1_000);
  const started = performance.now();
  await quire.renderAsync(compiled, { rows });
  const asyncMs = performance.now() - started;
  console.log(
    `${`${fmt(size)} rows`.padEnd(42)} ${fmt(ours.perOpMs, 1).padStart(8)} ${fmt(theirs.perOpMs, 1).padStart(10)} ${fmt(theirs.perOpMs / ours.perOpMs, 2).padStart(12)} ${fmt(asyncMs, 1).padStart(16)}`,
  );
}
console.log(`\nThe default render limit is ${createTemplateEngine().limits.renderMs} ms per render.\n`);
