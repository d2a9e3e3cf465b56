// Child process for test/core/limiter.test.ts: queues calls, closes, and must then exit by itself.
import { createLimiter } from '../../src/core/limiter/limiter.ts';

const limiter = createLimiter('child-key', { search: { limit: 5, windowMs: 60_000 } });
let ran = 0;
const calls = Array.from({ length: 20 }, () => limiter.schedule('search', async () => ++ran));
const settled = Promise.allSettled(calls);
setTimeout(() => {
  void limiter.close().then(async () => {
    const results = await settled;
    const rejected = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason.code);
    console.log(JSON.stringify({ ran, rejected: rejected.length, codes: [...new Set(rejected)] }));
  });
}, 50);
