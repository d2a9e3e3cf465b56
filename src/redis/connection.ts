/**
 * The limiter's own Redis connection: a command client and a subscriber, both owned by us (a
 * passed-in ioredis client or Cluster is duplicated, never closed). ioredis is loaded by the main
 * entry when the client is built (load-redis.ts), only when a URL or options (not a client) are
 * given, so bundling `fareway` never needs it.
 *
 * The connection is either up or down. Any failed command or a lost socket marks it down (one
 * warning per outage); a cheap PING probe marks it up again. Every command promise is handled:
 * nothing here can become an unhandled rejection.
 */
import { createHash } from 'node:crypto';
import { isRedisClient, type RedisConstructor } from '../core/loading/redis-client.js';
import { COMMANDS } from './scripts.js';
import { keepAlive } from '../timer.js';
import { timed } from './timed.js';

export { timed } from './timed.js';

type Warn = (message: string, meta?: object) => void;
type Listener = (...args: unknown[]) => void;

/** The part of an ioredis `Redis` or `Cluster` the limiter uses (kept structural: no ioredis types). */
interface RedisClient {
  readonly status: string;
  readonly isCluster?: boolean;
  on(event: string, listener: Listener): unknown;
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<string | null>;
  pttl(key: string): Promise<number>;
  ping(): Promise<string>;
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<unknown>;
  disconnect(): void;
}

/** Scripts registered by `defineCommand`. */
interface ScriptClient extends RedisClient {
  farewayTake(
    log: string,
    pause: string,
    limit: number,
    holdMs: number,
    want: number,
    prefix: string,
  ): Promise<[number, number, number]>;
  farewayUpdate(
    log: string,
    member: string,
    ageMs: number,
    holdMs: number,
    mode: 'LT' | 'GT' | 'SET',
  ): Promise<number>;
  farewayRelease(log: string, member: string): Promise<number>;
  farewayExtend(log: string, holdMs: number, ...members: string[]): Promise<number>;
  farewayPause(pause: string, ms: number): Promise<number>;
  farewayUnlock(lock: string, token: string): Promise<number>;
  farewayRenew(lock: string, token: string, ttlMs: number): Promise<number>;
  farewayRoster(
    roster: string,
    search: string,
    book: string,
    other: string,
    id: string,
    ttlMs: number,
  ): Promise<[number, number, ...Array<Array<string | number>>]>;
  farewayRestore(log: string, ...memberAndMs: Array<string | number>): Promise<number>;
}

/** Redis-safe key prefix of one API key: `{fareway:<sha256 first 16 hex>}` — one hash slot, never the key. */
export function keyPrefix(apiKey: string): string {
  return `{fareway:${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}}`;
}

const retryStrategy = (times: number) => Math.min(times * 100, 1000);
/**
 * Fail fast while disconnected (we fall back to local limits), reconnect forever. `disconnectTimeout`
 * 0: ioredis' disconnect() ends the socket and arms a ref'd timer (2 s by default) that only the
 * socket's 'close' clears; a socket that never connected (Redis down) closed long before, so the
 * timer held the process 2 s after close(). Nothing waits for a reply at close: a lost
 * fire-and-forget update only holds its token longer.
 */
const OVERRIDES = {
  lazyConnect: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy,
  autoResubscribe: true,
  disconnectTimeout: 0,
};

function create(redis: unknown, Redis: RedisConstructor | undefined): RedisClient {
  if (isRedisClient(redis)) {
    if (redis.isCluster === true) {
      return redis.duplicate([], {
        enableOfflineQueue: false,
        clusterRetryStrategy: retryStrategy,
      }) as RedisClient;
    }
    return redis.duplicate(OVERRIDES) as RedisClient;
  }
  // ioredis, loaded from Fareway's own installation when the client was built (load-redis.ts).
  if (Redis === undefined) throw new Error('ioredis was not loaded');
  // A URL as ioredis takes it (its path is the db), or options; ours on top of either.
  if (typeof redis === 'string') return new Redis(redis, OVERRIDES) as RedisClient;
  const options = typeof redis === 'object' && redis !== null ? redis : {};
  return new Redis({ ...options, ...OVERRIDES }) as RedisClient;
}

interface RedisConnectionOptions {
  redis: unknown;
  /** ioredis' `Redis` class (none when `redis` is a client). */
  Redis?: RedisConstructor | undefined;
  /** Per-command cap before Redis counts as unavailable. */
  commandTimeoutMs: number;
  warn: Warn;
  info: Warn;
}

/** One process's Redis connection for the shared budgets and locks of one API key. */
export class RedisConnection {
  client: ScriptClient | undefined;
  private subscriber: RedisClient | undefined;
  private up = false;
  private closed = false;
  private warned = false;
  private probe: ReturnType<typeof setTimeout> | undefined;
  private cancelOpen: (() => void) | undefined;
  private readonly upListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: string) => void>();

  constructor(
    readonly prefix: string,
    private readonly o: RedisConnectionOptions,
  ) {}

  get isUp(): boolean {
    return this.up && !this.closed;
  }

  /** Opens both clients; resolves true once Redis answers, false after timeoutMs (still retrying). */
  async open(timeoutMs: number): Promise<boolean> {
    try {
      // Each client gets its 'error' listener at once: it may fail to connect while the next one
      // is created, and ioredis prints an unhandled 'error' event to stderr.
      const client = create(this.o.redis, this.o.Redis) as ScriptClient;
      client.on('error', (error) => this.down(error));
      this.client = client;
      const subscriber = create(this.o.redis, this.o.Redis);
      subscriber.on('error', (error) => this.down(error));
      this.subscriber = subscriber;
      if (this.closed) {
        this.shutdown();
        return false;
      }
      for (const [name, def] of Object.entries(COMMANDS)) client.defineCommand(name, def);
      client.on('close', () => this.down(new Error('connection closed')));
      client.on('ready', () => this.check());
      subscriber.on('message', (_channel, message) => {
        for (const l of this.messageListeners) l(String(message));
      });
      subscriber.on('ready', () => void this.subscribe());
    } catch (error) {
      this.down(error);
      return false;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ok = await Promise.race([
      new Promise<boolean>((resolve) => {
        const l = () => {
          this.upListeners.delete(l);
          resolve(true);
        };
        this.upListeners.add(l);
        this.check();
      }),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
        this.cancelOpen = () => resolve(false);
      }),
    ]);
    clearTimeout(timer);
    this.cancelOpen = undefined;
    if (this.closed) return false;
    if (!ok) this.down(new Error(`Redis not ready within ${timeoutMs} ms`));
    return ok;
  }

  /** Runs a command with the timeout; on failure marks the connection down and rethrows. */
  async run<T>(command: (client: ScriptClient) => Promise<T>): Promise<T> {
    const client = this.client;
    if (client === undefined || !this.isUp) throw new Error('Redis unavailable');
    try {
      return await timed(command(client), this.o.commandTimeoutMs);
    } catch (error) {
      this.down(error);
      throw error;
    }
  }

  /** Fire-and-forget: failures only mark the connection down. */
  fire(command: (client: ScriptClient) => Promise<unknown>): void {
    this.run(command).catch(() => undefined);
  }

  /** Publishes on this key's wake channel (pub/sub reaches every node of a cluster). */
  publish(message: string): void {
    this.fire((c) => c.publish(`${this.prefix}:wake`, message));
  }

  /** A line through the client's logger (warn or info). */
  report(level: 'warn' | 'info', message: string, meta?: object): void {
    this.o[level](message, meta);
  }

  onUp(listener: () => void): void {
    this.upListeners.add(listener);
  }

  onMessage(listener: (message: string) => void): void {
    this.messageListeners.add(listener);
  }

  /** Marks the connection down (one warning per outage) and starts probing for its return. */
  down(error: unknown): void {
    if (this.closed) return;
    const wasUp = this.up;
    this.up = false;
    if (!this.warned) {
      this.warned = true;
      this.o.warn(
        'Redis unavailable for shared rate limits; falling back to per-process limits until it is back',
        {
          error: error instanceof Error ? error.message : String(error),
          wasShared: wasUp,
        },
      );
    }
    this.schedule();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.up = false;
    this.upListeners.clear();
    this.messageListeners.clear();
    this.cancelOpen?.();
    this.shutdown();
  }

  private shutdown(): void {
    if (this.probe !== undefined) clearTimeout(this.probe);
    this.probe = undefined;
    this.client?.disconnect();
    this.subscriber?.disconnect();
  }

  private schedule(): void {
    if (this.probe !== undefined || this.closed) return;
    this.probe = setTimeout(() => {
      this.probe = undefined;
      this.check();
    }, 250);
    keepAlive(this.probe, false);
  }

  /** PINGs (bypassing isUp); marks the connection up and tells the listeners when it answers. */
  private check(): void {
    const client = this.client;
    if (client === undefined || this.closed || this.up) return;
    timed(client.ping(), this.o.commandTimeoutMs).then(
      () => {
        if (this.closed || this.up) return;
        this.up = true;
        if (this.warned) this.o.info('Redis is back; rate limits are shared again');
        this.warned = false;
        void this.subscribe();
        for (const l of [...this.upListeners]) l();
      },
      () => this.schedule(),
    );
  }

  private async subscribe(): Promise<void> {
    const sub = this.subscriber;
    if (sub === undefined || this.closed || sub.status !== 'ready') return;
    await timed(sub.subscribe(`${this.prefix}:wake`), this.o.commandTimeoutMs).catch(() => undefined);
  }
}
