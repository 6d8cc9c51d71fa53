/**
 * `pnpm bench` for the service's embedded store: the nedb adapter (the default) against LMDB, the fastest
 * embedded store on the registry that installs here (a native binary shipped in a registry package), on the same
 * records in the same run. Figures only; it asserts nothing. LMDB is driven raw, with the secondary index an
 * adapter would need kept by hand, so its figures are a ceiling for an LMDB adapter, not an adapter.
 * 20,000 records, 2,000 with `--quick` (or QUIRE_BENCH_QUICK=1), or `--records=N`.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open as openLmdb } from 'lmdb';
import { openEmbeddedStore } from '../src/store/embedded-store';

interface UserRecord {
  id: string;
  email: string;
  team_id: string;
  created_at: string;
  logins: number;
}

const N = Number(
  process.argv.find((a) => a.startsWith('--records='))?.split('=')[1] ??
    (process.argv.includes('--quick') || process.env.QUIRE_BENCH_QUICK === '1' ? 2_000 : 20_000),
);
const records: UserRecord[] = Array.from({ length: N }, (_, i) => ({
  id: `usr_${String(i).padStart(8, '0')}`,
  email: `user${i}@example.com`,
  team_id: `team_${i % 100}`,
  created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  logins: 0,
}));
const pick = (count: number) => Array.from({ length: count }, (_, i) => records[(i * 7919) % N] as UserRecord);

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

type Row = { step: string; ops: number; nedbMs: number; lmdbMs: number };
const rows: Row[] = [];

const nedbDir = await mkdtemp(join(tmpdir(), 'quire-bench-nedb-'));
const lmdbDir = await mkdtemp(join(tmpdir(), 'quire-bench-lmdb-'));
try {
  let store = await openEmbeddedStore(nedbDir);
  let users = await store.collection<UserRecord>({ name: 'users', unique: ['email'], indexes: ['team_id'] });
  let db = openLmdb<UserRecord | string, string>({ path: join(lmdbDir, 'db') });

  const step = async (name: string, ops: number, nedb: () => Promise<unknown>, lmdb: () => Promise<unknown>) => {
    rows.push({ step: name, ops, nedbMs: await time(nedb), lmdbMs: await time(lmdb) });
  };

  await step(
    'insert (one at a time)',
    N,
    async () => {
      for (const r of records) await users.insert(r);
    },
    async () => {
      for (const r of records) {
        await db.put(`users/${r.id}`, r);
        await db.put(`users.email/${r.email}`, r.id);
      }
    },
  );
  const reads = pick(5_000);
  await step(
    'get by id',
    reads.length,
    async () => {
      for (const r of reads) await users.get(r.id);
    },
    async () => {
      for (const r of reads) db.get(`users/${r.id}`);
    },
  );
  await step(
    'find one by unique email',
    reads.length,
    async () => {
      for (const r of reads) await users.findOne({ email: r.email });
    },
    async () => {
      for (const r of reads) db.get(`users/${db.get(`users.email/${r.email}`) as string}`);
    },
  );
  const teams = Array.from({ length: 50 }, (_, i) => `team_${i}`);
  await step(
    'find a team’s 200 members, sorted',
    teams.length,
    async () => {
      for (const team of teams) await users.find({ team_id: team }, { sort: { field: 'created_at', direction: -1 } });
    },
    async () => {
      // No query language: a scan, as an LMDB adapter would need without more hand-kept indexes.
      for (const team of teams) {
        const found: UserRecord[] = [];
        for (const { value } of db.getRange({ start: 'users/', end: 'users/\uffff' })) {
          if ((value as UserRecord).team_id === team) found.push(value as UserRecord);
        }
        found.sort((a, b) => b.created_at.localeCompare(a.created_at));
      }
    },
  );
  const updates = pick(5_000);
  await step(
    'atomic counter update',
    updates.length,
    async () => {
      for (const r of updates) await users.updateOne({ id: r.id }, { inc: { logins: 1 } });
    },
    async () => {
      for (const r of updates) {
        await db.transaction(() => {
          const current = db.get(`users/${r.id}`) as UserRecord;
          db.put(`users/${r.id}`, { ...current, logins: current.logins + 1 });
        });
      }
    },
  );
  await store.close();
  await db.close();
  const nedbBytes = await sizeOf(nedbDir);
  const lmdbBytes = await sizeOf(lmdbDir);
  await step(
    'reopen and load',
    1,
    async () => {
      store = await openEmbeddedStore(nedbDir);
      users = await store.collection<UserRecord>({ name: 'users', unique: ['email'], indexes: ['team_id'] });
      await users.get(records[0]?.id as string);
    },
    async () => {
      db = openLmdb({ path: join(lmdbDir, 'db') });
      db.get(`users/${records[0]?.id}`);
    },
  );
  await store.close();
  await db.close();

  const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nEmbedded store bench: ${fmt(N)} user records (one core; figures vary by about 30% between runs)\n`);
  console.log(
    `${'step'.padEnd(36)}${'nedb adapter ops/s'.padStart(20)}${'raw LMDB ops/s'.padStart(18)}${'LMDB / nedb'.padStart(14)}`,
  );
  for (const row of rows) {
    const nedb = (row.ops * 1000) / row.nedbMs;
    const lmdb = (row.ops * 1000) / row.lmdbMs;
    const label = row.ops === 1 ? `${row.step} (ms)` : row.step;
    const a = row.ops === 1 ? fmt(row.nedbMs, 1) : fmt(nedb);
    const b = row.ops === 1 ? fmt(row.lmdbMs, 1) : fmt(lmdb);
    console.log(
      `${label.padEnd(36)}${a.padStart(20)}${b.padStart(18)}${fmt(row.ops === 1 ? row.nedbMs / row.lmdbMs : lmdb / nedb, 1).padStart(13)}x`,
    );
  }
  console.log(
    `\nfiles on disk: nedb ${fmt(nedbBytes / 1e6, 1)} MB (append-only lines), LMDB ${fmt(lmdbBytes / 1e6, 1)} MB (memory-mapped)\n`,
  );
} finally {
  await rm(nedbDir, { recursive: true, force: true });
  await rm(lmdbDir, { recursive: true, force: true });
}
