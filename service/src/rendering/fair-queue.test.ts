import { describe, expect, it } from 'vitest';
import { FairQueue, type Release } from './fair-queue';

/** Asks for places and records the order in which they are given. */
function recorder(queue: FairQueue) {
  const started: string[] = [];
  const releases = new Map<string, Release>();
  const ask = (name: string, team: string, limit: number, lane: 'reports' | 'previews' = 'reports') =>
    queue.acquire(lane, team, limit).then((release) => {
      started.push(name);
      releases.set(name, release);
    });
  const finish = async (name: string) => {
    releases.get(name)?.();
    // Let the next place's promise settle.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, ask, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the render queue', () => {
  it("gives another team's render the next free worker, ahead of one team's backlog", async () => {
    const queue = new FairQueue({ reports: 2, previews: 1 });
    const { started, ask, finish } = recorder(queue);
    for (let n = 1; n <= 6; n++) void ask(`a${n}`, 'team_a', 8);
    await settle();
    void ask('b1', 'team_b', 8);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a2');
    await finish('b1');
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('serves waiting teams in turn', async () => {
    const queue = new FairQueue({ reports: 1, previews: 1 });
    const { started, ask, finish } = recorder(queue);
    void ask('a1', 'team_a', 4);
    await settle();
    for (const name of ['a2', 'a3', 'b1', 'b2', 'c1']) void ask(name, `team_${name[0]}`, 4);
    await settle();
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3']) await finish(name);
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });

  it("keeps a team within its plan's renders at once, leaving the other workers to others", async () => {
    const queue = new FairQueue({ reports: 3, previews: 1 });
    const { started, ask, finish } = recorder(queue);
    for (let n = 1; n <= 4; n++) void ask(`a${n}`, 'team_a', 1);
    await settle();
    expect(started).toEqual(['a1']);
    expect(queue.stats().reports).toMatchObject({ running: 1, queued: 3, runningByTeam: { team_a: 1 } });
    void ask('b1', 'team_b', 2);
    void ask('b2', 'team_b', 2);
    void ask('b3', 'team_b', 2);
    await settle();
    expect(started).toEqual(['a1', 'b1', 'b2']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'b2', 'a2']);
  });

  it("never makes a preview wait for reports, another team's or its own", async () => {
    const queue = new FairQueue({ reports: 1, previews: 1 });
    const { started, ask } = recorder(queue);
    for (let n = 1; n <= 3; n++) void ask(`a${n}`, 'team_a', 1);
    void ask('b-report', 'team_b', 1);
    await settle();
    void ask('b-preview', 'team_b', 1, 'previews');
    void ask('a-preview', 'team_a', 1, 'previews');
    await settle();
    expect(started).toEqual(['a1', 'b-preview']);
    expect(queue.stats().previews).toMatchObject({ running: 1, queued: 1 });
  });

  it('drops a waiting render whose caller gave up, and counts a release once', async () => {
    const queue = new FairQueue({ reports: 1, previews: 1 });
    const { started, ask, finish } = recorder(queue);
    void ask('a1', 'team_a', 1);
    await settle();
    const controller = new AbortController();
    const gaveUp = queue.acquire('reports', 'team_b', 1, controller.signal);
    controller.abort(new Error('the client went away'));
    await expect(gaveUp).rejects.toThrow('the client went away');
    void ask('c1', 'team_c', 1);
    await finish('a1');
    await finish('a1');
    expect(started).toEqual(['a1', 'c1']);
    expect(queue.stats().reports).toMatchObject({ running: 1, queued: 0 });
  });
});
