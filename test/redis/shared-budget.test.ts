import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasRedisServer,
  maxInAnyWindow,
  runTsChild,
  startRedisCluster,
  startRedisServer,
  type RedisCluster,
  type RedisServer,
} from '../helpers/redis.ts';
import { captureSearchBody, startStrictServer, type StrictServer } from './strict-server.ts';

const available = hasRedisServer();
if (!available && process.env.CI)
  throw new Error('redis-server is not on PATH: the shared-budget tests cannot run in CI');

const LIMIT = 8;
const WINDOW_MS = 1000;

interface ChildOut {
  rateLimited: number;
  failures: number;
  warnings: string[];
}

/** Three processes × 12 searches through one budget; the strict server is the judge. */
async function threeProcesses(server: StrictServer, redisEnv: Record<string, string>, apiKey: string) {
  const children = await Promise.all(
    Array.from({ length: 3 }, () =>
      runTsChild('test/redis/search-child.ts', {
        API_KEY: apiKey,
        URL: server.url,
        LIMIT: String(LIMIT),
        WINDOW_MS: String(WINDOW_MS),
        COUNT: '12',
        ...redisEnv,
      }),
    ),
  );
  const outs: ChildOut[] = [];
  for (const child of children) {
    expect(child.code, child.stderr).toBe(0); // exited by itself after close()
    outs.push(JSON.parse(child.stdout.trim().split('\n').pop() as string) as ChildOut);
  }
  for (const out of outs) {
    expect(out.warnings).toEqual([]);
    expect(out.failures).toBe(0);
    expect(out.rateLimited).toBe(0);
  }
  expect(server.accepted).toHaveLength(36);
  expect(server.refused()).toBe(0);
  expect(maxInAnyWindow(server.accepted, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
}

describe.skipIf(!available)('one search budget shared by three processes', () => {
  let body: string;
  let server: StrictServer;
  beforeAll(async () => {
    body = await captureSearchBody();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('through one redis-server', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('never draws a 429 and never lets more than the limit through in any window at the service', async () => {
      server = await startStrictServer({ limit: LIMIT, windowMs: WINDOW_MS, body });
      await threeProcesses(server, { REDIS_PORT: String(redis.port) }, `single-${Date.now()}`);
      await server.close();
    }, 90_000);
  });

  describe('through a 3-node Redis Cluster', () => {
    let cluster: RedisCluster;
    beforeAll(async () => {
      cluster = await startRedisCluster();
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    it('never draws a 429 and never lets more than the limit through in any window at the service', async () => {
      server = await startStrictServer({ limit: LIMIT, windowMs: WINDOW_MS, body });
      await threeProcesses(
        server,
        { CLUSTER_PORTS: cluster.nodes.map((n) => n.port).join(',') },
        `cluster-${Date.now()}`,
      );
      await server.close();
    }, 90_000);
  });
});
