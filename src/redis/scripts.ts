/**
 * The Lua scripts of the shared sliding-window log. Each runs atomically on the Redis node that
 * owns the budget's hash slot and reads that node's clock (`TIME`): processes on machines whose
 * clocks differ still agree. Scores are due times (Redis ms): an entry holds a token until then.
 */

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Keeps the log's key alive exactly as long as its latest due time. */
const EXPIRE = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(last[2]) - now + 1)) end`;

/**
 * KEYS: log, pause. ARGV: limit, provisional hold ms, wanted, id prefix.
 * Takes up to `wanted` tokens (members prefix..1, prefix..2, …) held provisionally until
 * now + hold. Returns {taken, wait ms until the next token may be free (-1: none needed), now}.
 */
const TAKE = `${NOW}
local pause = redis.call('PTTL', KEYS[2])
if pause > 0 then return {0, pause, now} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local limit = tonumber(ARGV[1])
local hold = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local free = limit - redis.call('ZCARD', KEYS[1])
local take = math.max(0, math.min(free, want))
for i = 1, take do
  redis.call('ZADD', KEYS[1], now + hold, ARGV[4] .. i)
end
local wait = -1
if take < want then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if first[2] then wait = math.max(0, tonumber(first[2]) - now) else wait = 0 end
end
${EXPIRE}
return {take, wait, now}`;

/**
 * KEYS: log. ARGV: member, age ms (how long ago the event happened, by the caller's clock), hold
 * ms after it, 'LT' | 'GT' | 'SET'. (+1: TIME is truncated to the ms; never come back early.) Moves the member's due time to now − age + hold if that is earlier
 * (LT: an answer arrived) or later (GT: a settle without answer), or at all (SET: a send). Returns the new due
 * time when it changed, else -1.
 */
const UPDATE = `${NOW}
local due = now + 1 - tonumber(ARGV[2]) + tonumber(ARGV[3])
local changed
if ARGV[4] == 'SET' then changed = redis.call('ZADD', KEYS[1], 'XX', 'CH', due, ARGV[1])
else changed = redis.call('ZADD', KEYS[1], 'XX', ARGV[4], 'CH', due, ARGV[1]) end
${EXPIRE}
if changed == 1 then return due end
return -1`;

/**
 * KEYS: log. ARGV: hold ms, members…. A live process extends the provisional entries of its
 * requests still in flight (no send time, no answer yet) to now + hold; a crashed one stops, and
 * its tokens come back at most `hold` after its last extension.
 */
const EXTEND = `${NOW}
local hold = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', 'GT', now + hold, ARGV[i]) end
${EXPIRE}
return 1`;

/** KEYS: log. ARGV: member. A token that never reached the wire goes back at once. */
const RELEASE = `return redis.call('ZREM', KEYS[1], ARGV[1])`;

/** KEYS: pause. ARGV: ms. Pauses the budget for ms; extends, never shortens, a pause in force. */
const PAUSE = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1`;

/** KEYS: lock. ARGV: token. Deletes the lock only if this holder still has it. */
const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * KEYS: lock. ARGV: token, ttl ms. Renews the lock for ttl ms from now only if this holder still
 * has it. Returns 1 (renewed), 0 (the key is gone) or -1 (another holder has it).
 */
const RENEW = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if holder then return -1 end
return 0`;

/**
 * KEYS: roster, then the search, book and other logs. ARGV: process id, ttl ms. A heartbeat: this
 * process is live for ttl ms more; expired members leave. Returns {live processes, now, the due
 * times of each log's entries still ahead, the live process ids}: what the outage rule reads
 * (outage.ts) and who must rejoin after an outage before the log is used again (roster.ts).
 */
const ROSTER = `${NOW}
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('PEXPIRE', KEYS[1], ttl)
local out = {redis.call('ZCARD', KEYS[1]), now}
for i = 2, #KEYS do
  local e = redis.call('ZRANGEBYSCORE', KEYS[i], '(' .. now, '+inf', 'WITHSCORES')
  local dues = {}
  for j = 2, #e, 2 do dues[#dues + 1] = e[j] end
  out[#out + 1] = dues
end
out[#out + 1] = redis.call('ZRANGE', KEYS[1], 0, -1)
return out`;

/**
 * KEYS: log. ARGV: member, ms until due, member, ms until due, …. After an outage, a process
 * writes its own recent tokens back into the log (a fresh Redis has none); an entry already there
 * only moves later.
 */
const RESTORE = `${NOW}
for i = 1, #ARGV, 2 do
  redis.call('ZADD', KEYS[1], 'GT', now + tonumber(ARGV[i + 1]), ARGV[i])
end
${EXPIRE}
return 1`;

/** Command names registered with ioredis `defineCommand` (EVALSHA, EVAL on NOSCRIPT). */
export const COMMANDS = {
  farewayTake: { numberOfKeys: 2, lua: TAKE },
  farewayUpdate: { numberOfKeys: 1, lua: UPDATE },
  farewayRelease: { numberOfKeys: 1, lua: RELEASE },
  farewayExtend: { numberOfKeys: 1, lua: EXTEND },
  farewayPause: { numberOfKeys: 1, lua: PAUSE },
  farewayUnlock: { numberOfKeys: 1, lua: UNLOCK },
  farewayRenew: { numberOfKeys: 1, lua: RENEW },
  farewayRoster: { numberOfKeys: 4, lua: ROSTER },
  farewayRestore: { numberOfKeys: 1, lua: RESTORE },
} as const;
