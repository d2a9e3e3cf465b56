/**
 * After a Redis outage a process returns to the shared log only once every process of the roster
 * from before the outage is in Redis's roster again (each writes its own recent tokens back before
 * its heartbeat): one slower to reconnect would otherwise be missing from a restarted, empty log
 * (issue 30; the outage soak met a 429 on a loaded machine). A fake connection answers the
 * roster script with the live process ids; no timers are relied on.
 */
import { describe, expect, it } from 'vitest';
import type { RedisConnection } from '../../src/redis/connection.js';
import { Roster } from '../../src/redis/roster.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

function fakeConnection(initial: string[]) {
  const up: Array<() => void> = [];
  let members = initial;
  const connection = {
    prefix: '{fareway:test}',
    isUp: true,
    onUp: (l: () => void) => up.push(l),
    run: () => Promise.resolve([members.length, 1_000, [], [], [], members]),
  };
  return {
    connection: connection as unknown as RedisConnection,
    /** Redis answers (again), with these processes in its roster. */
    async up(live: string[]) {
      members = live;
      for (const l of up) l();
      await tick();
    },
  };
}

describe('Roster.rejoined after an outage', () => {
  it('waits for every process of the roster from before the outage', async () => {
    const fake = fakeConnection(['me', 'other']);
    const roster = new Roster(fake.connection, 'me', 60_000);
    roster.start();
    await tick();
    await fake.up(['me', 'other']); // the first answer
    expect(roster.processes).toBe(2);
    expect(roster.rejoined(60_000)).toBe(true);
    // Redis restarted empty: only this process is back.
    await fake.up(['me']);
    expect(roster.rejoined(60_000)).toBe(false);
    // The other process wrote its tokens back and beat.
    await fake.up(['me', 'other']);
    expect(roster.rejoined(60_000)).toBe(true);
    roster.close();
  });

  it('counts one that never comes back as gone once its entry and sends would have expired', async () => {
    const fake = fakeConnection(['me', 'other']);
    const roster = new Roster(fake.connection, 'me', 0);
    roster.start();
    await tick();
    await fake.up(['me', 'other']); // the first answer
    await fake.up(['me']);
    expect(roster.rejoined(60_000)).toBe(false);
    expect(roster.rejoined(0)).toBe(true);
    roster.close();
  });
});
