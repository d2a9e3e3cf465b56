import Bottleneck from 'bottleneck';
import type { TokenSource } from './bucket.js';
import { ReturnLog } from './return-log.js';

type Warn = (message: string, meta?: object) => void;

interface RedisEval {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** An ioredis client (not options) has `duplicate()`. */
export function isRedisClient(value: unknown): value is { duplicate(): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { duplicate?: unknown }).duplicate === 'function';
}

/**
 * Opens Bottleneck's ioredis connection (two clients: commands + pub/sub), owned by us: a passed-in
 * client is duplicated, so closing never touches the caller's connection. Rejects if Redis does
 * not answer within `timeoutMs` or the first connection attempt fails.
 */
export async function openConnection(redis: unknown, timeoutMs: number, warn: Warn): Promise<Bottleneck.IORedisConnection> {
  let connection: Bottleneck.IORedisConnection;
  if (isRedisClient(redis)) {
    connection = new Bottleneck.IORedisConnection({ client: redis.duplicate(), Redis: redis.constructor });
  } else {
    // Only here is ioredis loaded: it stays an optional peer dependency.
    const mod = (await import('ioredis')) as unknown as { default?: unknown };
    const Redis = mod.default ?? mod;
    const clientOptions = typeof redis === 'object' && redis !== null ? { ...redis } : {};
    connection = new Bottleneck.IORedisConnection({ Redis, clientOptions });
  }
  const internal = connection as unknown as { ready: Promise<unknown> };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWarn = 0;
  let connected = false;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis not ready within ${timeoutMs} ms`)), timeoutMs);
      connection.on('error', (error: unknown) => {
        if (!connected) return reject(error instanceof Error ? error : new Error(String(error)));
        // After start-up: ioredis reconnects by itself; say so, at most every 10 s.
        const now = Date.now();
        if (now - lastWarn < 10_000) return;
        lastWarn = now;
        warn('fareway: Redis rate-limit connection error; shared limits wait for it to reconnect', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
      internal.ready.then(() => resolve(), reject);
    });
    connected = true;
    return connection;
  } catch (error) {
    await connection.disconnect(false);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const HANDOFF = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = redis.call('PTTL', KEYS[2])
if ttl <= 0 then return 0 end
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[i]), ARGV[1] .. ':' .. i)
end
local current = redis.call('PTTL', KEYS[1])
if current < 0 or current > ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return #ARGV - 1`;

const COLLECT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local due = redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return {due, redis.call('EXISTS', KEYS[2])}`;

export interface ClusterTokensOptions {
  connection: Bottleneck.IORedisConnection;
  /** Redis-safe id: `fareway:<sha256(apiKey)[0:16]>:<bucket>` — never the key itself. */
  id: string;
  limit: number;
  holdMs: number;
  /** Idle time after which Redis drops the bucket's state (and with it any lost tokens). */
  idleTimeoutMs: number;
  onRemotePause: (ms: number) => void;
  warn: Warn;
}

/**
 * Tokens shared through Redis: a clustered Bottleneck limiter whose reservoir is the bucket's
 * free tokens. A job takes one token when it starts; this process gives it back (shared
 * `incrementReservoir`) holdMs after the send, so the sliding log is exact across processes.
 */
export class ClusterTokens implements TokenSource {
  readonly sync = false;
  readonly maxInFlight: number;
  private readonly limiter: Bottleneck;
  private readonly log: ReturnLog;
  private readonly sender = Math.random().toString(36).slice(2, 10);
  private readonly registered = new Set<string>();
  private readonly poller: ReturnType<typeof setInterval>;
  private seq = 0;
  private inFlight = 0;
  private closing = false;
  private unusedAtClose = 0;

  constructor(private readonly o: ClusterTokensOptions) {
    this.maxInFlight = o.limit;
    this.limiter = new Bottleneck({
      id: o.id,
      connection: o.connection,
      reservoir: o.limit,
      maxConcurrent: null,
      minTime: 0,
      heartbeatInterval: 250,
      timeout: o.idleTimeoutMs,
    });
    this.limiter.on('error', (error: unknown) =>
      o.warn('fareway: Redis rate limiter error', { error: error instanceof Error ? error.message : String(error) }),
    );
    this.limiter.on('scheduled', (info) => this.registered.add(info.options.id));
    this.limiter.on('dropped', (info) => {
      if (this.registered.delete(info.options.id)) this.unusedAtClose++;
    });
    this.limiter.on('message', (message: string) => {
      const [kind, sender, ms] = message.split(':');
      if (kind === 'fw-pause' && sender !== this.sender) o.onRemotePause(Number(ms));
    });
    this.log = new ReturnLog(o.holdMs, (count) => this.increment(count));
    this.poller = setInterval(() => void this.collect(), 1000);
    this.poller.unref();
  }

  ready(): Promise<unknown> {
    return this.limiter.ready();
  }

  take(): Promise<void> {
    const id = `${this.sender}-${++this.seq}`;
    this.inFlight++;
    return this.limiter.schedule({ id }, () => Promise.resolve()).finally(() => {
      this.inFlight--;
      this.registered.delete(id);
    });
  }

  sent(sentAt: number): void {
    this.log.push(sentAt);
  }

  giveBack(): void {
    if (this.closing) this.unusedAtClose++;
    else this.increment(1);
  }

  setKeepAlive(_on: boolean): void {
    // The Redis connection keeps the process alive until close(); nothing to do.
  }

  publishPause(ms: number): void {
    this.limiter.publish(`fw-pause:${this.sender}:${Math.ceil(ms)}`).catch((error: unknown) =>
      this.o.warn('fareway: could not share a rate-limit pause through Redis', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.poller);
    await this.limiter.stop({ dropWaitingJobs: true, dropErrorMessage: 'fareway: rate limiter closed' });
    const pending = this.log.remaining(performance.now());
    this.log.clear();
    try {
      if (this.unusedAtClose > 0) await this.limiter.incrementReservoir(this.unusedAtClose);
      // Tokens of requests sent less than a window ago are not ours to give back early: hand
      // them to Redis, where any live process collects them when due (see collect()).
      if (pending.length > 0) await this.eval(HANDOFF, [this.sender, ...pending]);
    } catch (error) {
      this.o.warn('fareway: could not hand rate-limit tokens back to Redis on close', {
        error: error instanceof Error ? error.message : String(error),
        tokens: pending.length + this.unusedAtClose,
      });
    }
    await this.limiter.disconnect(false);
  }

  private increment(count: number): void {
    this.limiter.incrementReservoir(count).catch((error: unknown) =>
      this.o.warn('fareway: could not return a rate-limit token to Redis', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  /** Collects tokens handed off by closed processes; revives an expired state if calls wait. */
  private async collect(): Promise<void> {
    try {
      const [due, exists] = (await this.eval(COLLECT, [])) as [number, number];
      if (this.closing) return;
      if (due > 0) await this.limiter.incrementReservoir(due);
      else if (exists === 0 && this.inFlight > 0) await this.limiter.incrementReservoir(0);
    } catch {
      // Redis unreachable: the connection's error listener has already said so.
    }
  }

  private eval(script: string, args: (string | number)[]): Promise<unknown> {
    const client = (this.o.connection as unknown as { client: RedisEval }).client;
    return client.eval(script, 2, `${this.o.id}:handoff`, `b_${this.o.id}_settings`, ...args);
  }
}
