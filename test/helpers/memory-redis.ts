/**
 * A Redis store double for the limiter's shared locks (src/core/limiter/redis-store.ts), in
 * memory, so that the cross-process book path (book.ts: `'held'`, waitUntilFree, a lost lock)
 * runs in-process. It behaves as the real store does for locks: `lock` is SET NX (one holder,
 * `'held'` for everyone else), `release` is compare-and-delete and wakes the waiters,
 * `waitUntilFree` resolves true once the name is free (false after its timeout). Two clients
 * registered against one double are two processes sharing one Redis. Budgets are not modelled:
 * use it with every bucket off (`rateLimits: { search: false, book: false, other: false, redis: {} }`).
 * Create's claims (src/resources/create/create-claims.ts) run on its plain commands: `set` (PX, NX),
 * `mget`, `hset`, `hgetall`, `pexpire` over one keyspace shared by every client registered
 * against the double (expiry is recorded, not enforced: a test never outlives a claim's 30 min).
 * `failCommands()` makes them reject, as while Redis is away; `onRead()` lets a test change the
 * other calls' states between two reads of a selection (another call answering after N reads).
 * The real-Redis tests (test/redis/) stay; this one only makes the path reachable in unit runs.
 */
import { registerRedisStore } from '../../src/core/limiter/redis-registry.js';
import type {
  CreateRedisStore,
  RedisStore,
  SharedLock,
  StoreCommands,
} from '../../src/core/limiter/redis-store.js';

const KEY = Symbol.for('fareway.redis-store@1');

export interface MemoryLock extends SharedLock {
  readonly name: string;
  readonly ttlMs: number;
  released: boolean;
  /** Marks the lock lost (a renewal found it gone): as HeldLock does. */
  lose(): void;
}

export interface MemoryRedis {
  /** Every lock taken, in order (released ones included). */
  readonly taken: MemoryLock[];
  /** Names currently held. */
  held(): string[];
  /** Takes `name` as another process would; resolves with its lock or 'held'. */
  take(name: string, ttlMs?: number): MemoryLock | 'held';
  /** `lock()` calls answered so far, by result. */
  readonly answers: Array<'taken' | 'held'>;
  /** The next `lock()` of this name answers 'held' `times` times and then the lock is free again. */
  holdFor(name: string, times: number): void;
  /** Makes the next lock taken by a client lost already (its `lost` true when book checks it). */
  loseNextLock(): void;
  /** Makes every `release()` reject (a Redis outage at release). */
  failReleases(): void;
  /** Every plain command run (create's claims), in order: `[name, ...args]`. */
  readonly commands: string[][];
  /** The string keys (claims) and the hashes (create calls' states), by key without the prefix. */
  strings(): Record<string, string>;
  hashes(): Record<string, Record<string, string>>;
  /** Sets a string key (without the prefix) as another process would. */
  setString(key: string, value: string): void;
  /** Sets a field of a hash (without the prefix) as another process would. */
  setField(key: string, field: string, value: string): void;
  /** Makes every plain command reject (`true`), or answer again (`false`). */
  failCommands(on?: boolean): void;
  /**
   * Runs `hook` before each `hgetall` answers, with how many `hgetall` have run since (1 first):
   * a test sets another call's state there (e.g. on the wire for three reads, then answered).
   */
  onRead(hook: (reads: number) => void): void;
  /** Every `waitUntilFree` begun, in order, with the timeout it was given (ms). */
  readonly waits: Array<{ name: string; timeoutMs: number }>;
  /**
   * Runs `hook` as each `waitUntilFree` begins (after it is registered): returning a boolean ends
   * that wait at once with it (`false`: its timeout passed while the name was still held).
   */
  onWait(hook: (name: string, timeoutMs: number) => boolean | undefined): void;
  /** Puts the previous store factory back. */
  restore(): void;
}

/** Registers the double as the process's Redis store (until `restore()`). */
export function useMemoryRedis(): MemoryRedis {
  const g = globalThis as Record<symbol, unknown>;
  const previous = g[KEY];
  const locks = new Map<string, MemoryLock>();
  const waiters = new Set<() => void>();
  const taken: MemoryLock[] = [];
  const answers: Array<'taken' | 'held'> = [];
  const heldFor = new Map<string, number>();
  let loseNext = false;
  let releasesFail = false;
  let commandsFail = false;
  let readHook: ((reads: number) => void) | undefined;
  let reads = 0;
  const waits: Array<{ name: string; timeoutMs: number }> = [];
  let waitHook: ((name: string, timeoutMs: number) => boolean | undefined) | undefined;
  const PREFIX = 'memory';
  const strings = new Map<string, string>();
  const hashes = new Map<string, Map<string, string>>();
  const commands: string[][] = [];
  const unprefixed = (key: string) => key.slice(PREFIX.length + 1);
  const client: StoreCommands = {
    set(key, value, _px, ms, nx) {
      commands.push(['set', unprefixed(key), value, 'PX', String(ms), ...(nx ? [nx] : [])]);
      if (nx === 'NX' && strings.has(key)) return Promise.resolve(null);
      strings.set(key, value);
      return Promise.resolve('OK');
    },
    mget(...keys) {
      commands.push(['mget', ...keys.map(unprefixed)]);
      return Promise.resolve(keys.map((k) => strings.get(k) ?? null));
    },
    hset(key, field, value) {
      commands.push(['hset', unprefixed(key), field, value]);
      const hash = hashes.get(key) ?? new Map<string, string>();
      hashes.set(key, hash);
      const added = hash.has(field) ? 0 : 1;
      hash.set(field, value);
      return Promise.resolve(added);
    },
    hgetall(key) {
      commands.push(['hgetall', unprefixed(key)]);
      readHook?.(++reads);
      return Promise.resolve(Object.fromEntries(hashes.get(key) ?? []));
    },
    pexpire(key, ms) {
      commands.push(['pexpire', unprefixed(key), String(ms)]);
      return Promise.resolve(strings.has(key) || hashes.has(key) ? 1 : 0);
    },
  };

  const wake = () => {
    for (const w of [...waiters]) w();
  };
  const newLock = (name: string, ttlMs: number): MemoryLock => {
    const controller = new AbortController();
    const lock: MemoryLock = {
      name,
      ttlMs,
      released: false,
      lost: false,
      signal: controller.signal,
      lose() {
        if (lock.released || lock.lost) return;
        (lock as { lost: boolean }).lost = true;
        controller.abort(new Error('shared lock lost'));
      },
      async release() {
        if (releasesFail) throw new Error('redis unavailable at release');
        if (lock.released) return;
        lock.released = true;
        (lock as { lost: boolean }).lost = false;
        if (locks.get(name) === lock) locks.delete(name);
        wake();
      },
    };
    taken.push(lock);
    return lock;
  };
  const take = (name: string, ttlMs = 60_000): MemoryLock | 'held' => {
    if (locks.has(name)) return 'held';
    const lock = newLock(name, ttlMs);
    locks.set(name, lock);
    return lock;
  };

  const store = (): RedisStore => ({
    isUp: true,
    open: () => Promise.resolve(),
    run: (command) =>
      commandsFail ? Promise.reject(new Error('memory-redis: Redis is away')) : command(client, PREFIX),
    tokens() {
      throw new Error('memory-redis: budgets are not modelled; turn every bucket off');
    },
    async lock(name, ttlMs) {
      const left = heldFor.get(name) ?? 0;
      if (left > 0) {
        heldFor.set(name, left - 1);
        answers.push('held');
        return 'held';
      }
      const result = take(name, ttlMs);
      answers.push(result === 'held' ? 'held' : 'taken');
      if (result !== 'held' && loseNext) {
        loseNext = false;
        result.lose();
      }
      return result;
    },
    waitUntilFree(name, timeoutMs, signal) {
      return new Promise<boolean>((resolve, reject) => {
        const done = (value: boolean) => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(value);
        };
        const check = () => {
          if (!locks.has(name)) done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        signal?.addEventListener('abort', () => {
          waiters.delete(check);
          clearTimeout(timer);
          reject(signal.reason);
        });
        waiters.add(check);
        waits.push({ name, timeoutMs });
        const ended = waitHook?.(name, timeoutMs);
        if (ended !== undefined) done(ended);
        else check();
      });
    },
    close() {},
  });
  registerRedisStore((() => store()) as CreateRedisStore);
  return {
    taken,
    answers,
    held: () => [...locks.keys()],
    take,
    holdFor: (name, times) => heldFor.set(name, times),
    loseNextLock: () => {
      loseNext = true;
    },
    failReleases: () => {
      releasesFail = true;
    },
    commands,
    strings: () => Object.fromEntries([...strings].map(([k, v]) => [unprefixed(k), v])),
    hashes: () => Object.fromEntries([...hashes].map(([k, h]) => [unprefixed(k), Object.fromEntries(h)])),
    setString: (key, value) => void strings.set(`${PREFIX}:${key}`, value),
    setField: (key, field, value) => {
      const hash = hashes.get(`${PREFIX}:${key}`) ?? new Map<string, string>();
      hashes.set(`${PREFIX}:${key}`, hash.set(field, value));
    },
    failCommands: (on = true) => {
      commandsFail = on;
    },
    onRead: (hook) => {
      readHook = hook;
      reads = 0;
    },
    waits,
    onWait: (hook) => {
      waitHook = hook;
    },
    restore: () => {
      g[KEY] = previous;
    },
  };
}
