/**
 * The share a process spends while Redis is away (issue 30, src/redis/outage.ts).
 * The case CI met: a process whose last read showed a nearly empty window (4 entries of 30) while
 * the other processes then sent 26 requests just before Redis was killed. That read says nothing
 * of those 26: until every token sent before the outage has left the service's window, the room
 * the read left counts as taken. 1.2's first cut gave this process floor((30 − 4) / 3) = 8 at
 * once, and the service answered 429. `free(now)` is driven with explicit times; no timers.
 */
import { describe, expect, it } from 'vitest';
import { OutageTokens, type OutageView } from '../../src/redis/outage.js';

const WINDOW = 3_000;
const MARGIN = 750;
const LEASE = 750;

function view(snapshot: { readAt: number; dues: number[] }, own = 0): OutageView {
  return {
    limit: 30,
    hold: { windowMs: WINDOW, marginMs: MARGIN },
    leaseMs: LEASE,
    processes: () => 3,
    snapshot: () => snapshot,
    own: () => undefined,
    unown: () => undefined,
    ownSince: () => own,
  };
}

describe('the outage share', () => {
  it('counts the room of the last read as taken until every earlier token has left the window', async () => {
    const t0 = performance.now();
    // Read 500 ms before the outage: 4 entries, due within the next 2 s.
    const dues = [t0 + 500, t0 + 1_000, t0 + 1_500, t0 + 2_000];
    const share = new OutageTokens(view({ readAt: t0 - 500, dues }), 'p:o:');
    try {
      expect(share.free(t0)).toBe(0);
      // The 4 entries read have expired: their room is free (a third each, rounded down); the
      // others' 26 may still be live.
      expect(share.free(t0 + 2_500)).toBe(1);
      // Every token sent before the outage has left the window: a third of the budget each.
      expect(share.free(t0 + WINDOW + MARGIN + LEASE + 100)).toBe(10);
    } finally {
      await share.close();
    }
  });

  it('entries of the read that expired before the outage made room the others may have used', async () => {
    const t0 = performance.now();
    // 14 entries read, 10 of them gone when Redis went away: the others may hold 26 now.
    const gone = Array.from({ length: 10 }, (_, i) => t0 - 100 - i);
    const dues = [...gone, t0 + 500, t0 + 1_000, t0 + 1_500, t0 + 2_000];
    const share = new OutageTokens(view({ readAt: t0 - 900, dues }), 'p:o:');
    try {
      expect(share.free(t0)).toBe(0);
      expect(share.free(t0 + 2_500)).toBe(1);
    } finally {
      await share.close();
    }
  });

  it("a full window at the last read leaves nothing unknown: the share frees as the read's entries expire", async () => {
    const t0 = performance.now();
    const dues = Array.from({ length: 30 }, (_, i) => t0 + 100 * (i + 1));
    const share = new OutageTokens(view({ readAt: t0 - 200, dues }), 'p:o:');
    try {
      expect(share.free(t0)).toBe(0);
      // 9 entries gone: 3 each.
      expect(share.free(t0 + 950)).toBe(3);
    } finally {
      await share.close();
    }
  });

  it('a process that never read the log (started while Redis was away) has the whole budget, as before', async () => {
    const share = new OutageTokens({ ...view({ readAt: -Infinity, dues: [] }), processes: () => 1 }, 'p:o:');
    try {
      expect(share.free(performance.now())).toBe(30);
    } finally {
      await share.close();
    }
  });

  it('its own tokens count against its share', async () => {
    const t0 = performance.now();
    const share = new OutageTokens(view({ readAt: t0 - 200, dues: [] }, 4), 'p:o:');
    try {
      expect(share.free(t0 + WINDOW + MARGIN + LEASE + 100)).toBe(6);
    } finally {
      await share.close();
    }
  });
});
