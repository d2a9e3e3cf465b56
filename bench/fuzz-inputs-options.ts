/**
 * Bad per-call options and bad booking references for the input fuzz (see fuzz-inputs-cases.ts).
 */
import fc from 'fast-check';

/** A JSON-parsed object with an own `__proto__` key, as a partner's JSON body would give. */
export const protoObject = (inner: Record<string, unknown>, base: Record<string, unknown> = {}) =>
  JSON.parse(
    JSON.stringify(base).replace(
      /^\{/,
      `{"__proto__": ${JSON.stringify(inner)}${Object.keys(base).length ? ',' : ''}`,
    ),
  ) as Record<string, unknown>;

const badHeaders = fc.constantFrom<unknown>(
  null,
  'x-a: 1',
  [],
  { 'bad name': '1' },
  { 'x-a': 'a\nb' },
  { 'x-a': 'a\r\nx-evil: 1' },
  { 'x-a': '\u0100' },
  { 'x-a': 1 },
  { '': 'x' },
  { 'Content-Type': 'text/plain' },
  { host: 'evil.test' },
  { Authorization: 'Api-Key stolen' },
  { 'content-length': '0' },
  { 'transfer-encoding': 'chunked' },
  { connection: 'upgrade' },
);
const knownOptionKeys = [
  'timeout',
  'signal',
  'maxRetries',
  'headers',
  'acceptPriceChange',
  'expectedFinalFare',
  'acknowledgeDuplicates',
  'skipPreflight',
];

/** Per-call options that are wrong: the value, a key, or the whole object. */
export const badOptions: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, [], 42, 'fast', true),
  fc
    .constantFrom<unknown>(
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      2 ** 31,
      'x',
      {},
      true,
    )
    .map((timeout) => ({ timeout })),
  fc
    .constantFrom<unknown>('x', Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY, null, '2')
    .map((maxRetries) => ({ maxRetries })),
  fc
    .constantFrom<unknown>({}, 'x', 1, { aborted: false }, null, new EventTarget())
    .map((signal) => ({ signal })),
  badHeaders.map((headers) => ({ headers })),
  fc
    .oneof(
      fc.constantFrom('timout', 'Timeout', 'retries', 'max_retries', 'header', 'signals'),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((k) => !knownOptionKeys.includes(k))
    .map((k) => ({ timeout: 1000, [k]: 1 })),
  fc.constant(protoObject({ timeout: 0 }, { maxRetries: 0 })),
  fc.constant(protoObject({ headers: { 'content-type': 'text/plain' } })),
);

/** A booking reference the SDK can see is malformed. */
export const badBookingRef = fc.constantFrom<unknown>(
  null,
  undefined,
  '',
  'a/b',
  '../x',
  'a b',
  'x'.repeat(101),
  12,
  {},
  { booking_id: 1 },
  [],
  { booking_id: 'a/b' },
);
