import { keepAlive } from '../../timer.js';

/**
 * How late this process's timers fire lately: one limiter's measure of how busy the machine is.
 *
 * A request's send time is stamped when undici hands its headers to the socket, a few ticks
 * before they are written; on a busy machine the process can stall in between, and the service
 * then counts the request later than the stamp. A service on a busy machine of its own (or sharing
 * this one) counts late too. The margin that caps how long after its send a request may be counted
 * therefore grows by twice the largest lateness seen in the last 10 s (ticket.ts `Hold`), measured
 * by a 10 ms probe timer that runs only while the limiter has tokens out. On a quiet machine the
 * timer is ~1 ms late and the margin barely moves; the probe is unref'd and per limiter.
 */

const PROBE_MS = 10;
const SLOT_MS = 1000;
const SLOTS = 10;

export class Lateness {
  private users = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expected = 0;
  /** Largest lateness per 1 s slot (ring), and which slot (performance.now() / SLOT_MS) each holds. */
  private readonly worst = new Float64Array(SLOTS);
  private readonly slot = new Float64Array(SLOTS).fill(-Infinity);
  private closed = false;

  /** A token was taken (+1) or its return time is settled (−1): the probe runs while any is out. */
  busy(delta: 1 | -1): void {
    this.users = Math.max(0, this.users + delta);
    if (this.users > 0 && this.timer === undefined && !this.closed) this.arm(performance.now());
    else if (this.users === 0 && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** Twice the largest lateness of the last 10 s, counting a stall still in progress (ms). */
  extraMarginMs(): number {
    const now = performance.now();
    let late = this.timer === undefined ? 0 : Math.max(0, now - this.expected);
    const current = Math.floor(now / SLOT_MS);
    for (let i = 0; i < SLOTS; i++)
      if ((this.slot[i] as number) > current - SLOTS) late = Math.max(late, this.worst[i] as number);
    return Math.ceil(2 * late);
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private readonly tick = (): void => {
    const now = performance.now();
    this.record(now, now - this.expected);
    this.arm(now);
  };

  private arm(now: number): void {
    this.expected = now + PROBE_MS;
    this.timer = setTimeout(this.tick, PROBE_MS);
    keepAlive(this.timer, false);
  }

  private record(now: number, late: number): void {
    const id = Math.floor(now / SLOT_MS);
    const i = id % SLOTS;
    if (this.slot[i] !== id) {
      this.slot[i] = id;
      this.worst[i] = 0;
    }
    if (late > (this.worst[i] as number)) this.worst[i] = late;
  }
}
