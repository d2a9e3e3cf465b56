// The Redis half, run when REDIS_PORT is set: two child processes of this app (child.cjs), with the
// same API key, share one search budget and the one-book-in-flight lock through Redis.
const { spawn } = require('node:child_process');
const { createInterface } = require('node:readline');
const { Redis } = require('ioredis');
const { prepare } = require('./flow.cjs');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process of this app, driven by words on its stdin; it answers with lines on stdout. */
class Child {
  constructor(env) {
    this.lines = [];
    this.exitCode = undefined;
    this.proc = spawn(process.execPath, [`${__dirname}/child.cjs`], { env: { ...process.env, ...env } });
    this.proc.stderr.pipe(process.stderr);
    createInterface({ input: this.proc.stdout }).on('line', (line) => this.lines.push(line));
    this.proc.on('exit', (code) => (this.exitCode = code));
  }
  count(line) {
    return this.lines.filter((l) => l === line).length;
  }
  send(word) {
    this.proc.stdin.write(`${word}\n`);
  }
  /** The last line, a JSON result, once the child has exited by itself with code 0. */
  async result() {
    await until(() => this.exitCode !== undefined, 'a child to exit', []);
    if (this.exitCode !== 0)
      throw new Error(`a child exited with ${this.exitCode}: ${this.lines.join('\n')}`);
    return JSON.parse(this.lines.at(-1));
  }
}

/** Polls cond; fails at once if a child died, or after a minute (a hang, not a measurement). */
async function until(cond, what, children) {
  const deadline = Date.now() + 60_000;
  while (!(await cond())) {
    const dead = children.find((c) => c.exitCode !== undefined);
    if (dead)
      throw new Error(
        `a child exited (${dead.exitCode}) while waiting for ${what}: ${dead.lines.join('\n')}`,
      );
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function check(ok, message) {
  if (!ok) throw new Error(`redis: ${message}`);
}

async function checkRedis(sandbox, server, fareway, port) {
  const ioredis = require('ioredis/package.json').version;
  const redis = new Redis({ host: '127.0.0.1', port });
  const env = { API_KEY: server.apiKey, URL: server.url, REDIS_PORT: String(port) };
  const children = [];
  try {
    await redis.flushall();
    console.log(
      `redis: ioredis ${ioredis}, redis-server ${(await redis.info('server')).match(/redis_version:(\S+)/)?.[1]}`,
    );

    // 1. One search budget (3 per minute) for two processes that each want 3 searches now.
    sandbox.control.clearRequests();
    const searchers = [new Child({ ...env, ROLE: 'search' }), new Child({ ...env, ROLE: 'search' })];
    children.push(...searchers);
    await until(() => searchers.every((c) => c.count('ready') === 1), 'both children to be ready', searchers);
    for (const c of searchers) c.send('go');
    await until(() => searchers.reduce((n, c) => n + c.count('searched'), 0) >= 3, '3 searches', searchers);
    // The window is a minute: nothing more can go until then. What Redis and the sandbox hold now:
    const keys = await redis.keys('{fareway:*}:search');
    check(keys.length === 1, `expected one search budget in Redis, found ${JSON.stringify(keys)}`);
    const inWindow = await redis.zcard(keys[0]);
    const seen = () => sandbox.control.requests().filter((r) => r.endpoint === 'search').length;
    const seenAtStop = seen();
    for (const c of searchers) c.send('stop');
    const outs = await Promise.all(searchers.map((c) => c.result()));
    const sent = outs.reduce((n, o) => n + o.sent, 0);
    const held = outs.reduce((n, o) => n + o.held, 0);
    check(
      outs.every((o) => o.logs.length === 0),
      `the children logged ${JSON.stringify(outs.map((o) => o.logs))}`,
    );
    check(
      sent === 3 && held === 3 && inWindow === 3 && seenAtStop === 3 && seen() === 3,
      `shared budget: sent ${sent}, held ${held}, in the Redis window ${inWindow}, sandbox saw ${seenAtStop} then ${seen()}`,
    );
    console.log(
      `redis: shared search budget (limit 3): ${sent} of 6 searches sent by 2 processes, ${held} held back; sandbox saw ${seen()}; Redis window holds ${inWindow}`,
    );

    // 2. Two processes book the same booking: one book request, one PNR for both.
    const id = await prepare(fareway);
    sandbox.control.failNext('book', { delayMs: 3000 }); // the first book is answered late: the second process meets the lock
    sandbox.control.clearRequests();
    const bookers = [
      new Child({ ...env, ROLE: 'book', BOOKING_ID: id }),
      new Child({ ...env, ROLE: 'book', BOOKING_ID: id }),
    ];
    children.push(...bookers);
    await until(() => bookers.every((c) => c.count('ready') === 1), 'both children to be ready', bookers);
    bookers[0].send('go');
    await until(
      async () => (await redis.keys(`{fareway:*}:lock:book:${id}`)).length === 1,
      'the first child to take the book lock',
      bookers,
    );
    bookers[1].send('go');
    const [first, second] = await Promise.all(bookers.map((c) => c.result()));
    const books = sandbox.control.requests().filter((r) => r.endpoint === 'book').length;
    const debits = sandbox.control.getBooking(id)?.debits.length;
    check(
      first.logs.length === 0 && second.logs.length === 0,
      `the children logged ${JSON.stringify([first.logs, second.logs])}`,
    );
    check(books === 1 && debits === 1, `book lock: the sandbox got ${books} book requests, ${debits} debits`);
    check(
      /^[A-Z0-9]{6}$/.test(first.pnr) && first.pnr === second.pnr,
      `book lock: PNRs ${first.pnr} and ${second.pnr}`,
    );
    check(
      !first.reconciled && second.reconciled && second.waited,
      `book lock: ${JSON.stringify([first, second])}`,
    );
    console.log(
      `redis: book lock: 2 processes booked one booking with ${books} book request; PNR ${first.pnr} for both (the second waited, then reconciled)`,
    );
  } finally {
    for (const c of children) if (c.exitCode === undefined) c.proc.kill();
    redis.disconnect();
  }
}

module.exports = { checkRedis };
