import { describe, expect, it } from 'vitest';
import { PagePool, type PoolItemFactory } from './page-pool';

interface FakePage {
  id: number;
  broken: boolean;
}

function fakeFactory() {
  let next = 1;
  const disposed: number[] = [];
  const factory: PoolItemFactory<FakePage> = {
    create: async () => ({ id: next++, broken: false }),
    dispose: async (page) => {
      disposed.push(page.id);
    },
    isUsable: (page) => !page.broken,
  };
  return { factory, disposed, created: () => next - 1 };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PagePool', () => {
  it('reuses a page for renders one after the other', async () => {
    const { factory, created } = fakeFactory();
    const pool = new PagePool(factory, 2);
    const first = await pool.use(async (page) => page.id);
    const second = await pool.use(async (page) => page.id);
    expect([first, second]).toEqual([1, 1]);
    expect(created()).toBe(1);
  });

  it('lends no more pages than its size; the others wait their turn', async () => {
    const { factory, created } = fakeFactory();
    const pool = new PagePool(factory, 2);
    let active = 0;
    let mostActive = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        pool.use(async () => {
          active++;
          mostActive = Math.max(mostActive, active);
          await tick();
          active--;
        }),
      ),
    );
    expect(mostActive).toBe(2);
    expect(created()).toBe(2);
  });

  it('replaces a page whose render failed', async () => {
    const { factory, disposed } = fakeFactory();
    const pool = new PagePool(factory, 1);
    await expect(
      pool.use(async () => {
        throw new Error('Target crashed');
      }),
    ).rejects.toThrow('Target crashed');
    expect(disposed).toEqual([1]);
    await expect(pool.use(async (page) => page.id)).resolves.toBe(2);
  });

  it('replaces a page that broke while idle', async () => {
    const { factory, disposed } = fakeFactory();
    const pool = new PagePool(factory, 1);
    const page = await pool.use(async (p) => p);
    page.broken = true;
    await expect(pool.use(async (p) => p.id)).resolves.toBe(2);
    expect(disposed).toEqual([1]);
  });

  it('lets a waiting render go on when making a page fails', async () => {
    let attempts = 0;
    const pool = new PagePool<FakePage>(
      {
        create: async () => {
          attempts++;
          if (attempts === 1) throw new Error('no page');
          return { id: attempts, broken: false };
        },
        dispose: async () => {},
        isUsable: () => true,
      },
      1,
    );
    const [first, second] = await Promise.allSettled([pool.use(async (p) => p.id), pool.use(async (p) => p.id)]);
    expect(first).toMatchObject({ status: 'rejected' });
    expect(second).toEqual({ status: 'fulfilled', value: 2 });
  });

  it('closes idle pages at once', async () => {
    const { factory, disposed } = fakeFactory();
    const pool = new PagePool(factory, 2);
    await Promise.all([pool.use(tick), pool.use(tick)]);
    await pool.close();
    expect(disposed.sort()).toEqual([1, 2]);
    await expect(pool.use(async () => 'late')).rejects.toThrow(/closed/);
  });

  it('closes a lent page when it returns, and turns waiting renders away', async () => {
    const { factory, disposed } = fakeFactory();
    const pool = new PagePool(factory, 1);
    let finishLent: () => void = () => {};
    const lent = pool.use(() => new Promise<void>((resolve) => (finishLent = resolve)));
    const waiting = pool.use(async () => 'never');
    const waitingRejects = expect(waiting).rejects.toThrow(/closed/);
    await tick();
    await pool.close();
    await waitingRejects;
    expect(disposed).toEqual([]);
    finishLent();
    await lent;
    expect(disposed).toEqual([1]);
  });
});
