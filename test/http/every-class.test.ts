/**
 * `fareway/http` maps every exported error class (issue 32, part 2): every export of the main
 * entry that is a FarewayError class has its own row in the one table (never the fallback for
 * unknown errors), and no code the traveller, the service or the network causes answers 500.
 * The check runs on a dummy class too, to show it fails when a class has no row.
 */
import { describe, expect, it } from 'vitest';
import * as fareway from '../../src/index.js';
import { FarewayError, type FarewayErrorCode } from '../../src/index.js';
import { toHttpAnswer } from '../../src/http.js';

type ErrorClass = (abstract new (...args: never[]) => FarewayError) & { code: FarewayErrorCode };

/** Every exported class that is FarewayError or extends it. */
const classes = (Object.entries(fareway) as [string, unknown][]).filter(
  (entry): entry is [string, ErrorClass] =>
    typeof entry[1] === 'function' &&
    (entry[1] === FarewayError || (entry[1] as { prototype?: unknown }).prototype instanceof FarewayError),
);

/**
 * An instance of `cls` whatever its constructor wants: FarewayError's constructor with `cls` as
 * `new.target` gives the class's own `code`, prototype and brand (what toHttpAnswer reads).
 */
const instanceOf = (cls: ErrorClass): FarewayError =>
  Reflect.construct(FarewayError, ['probe', { ids: { booking_id: 'b-1' } }], cls) as FarewayError;

/**
 * The classes the helper has no row for: an override of the class's code must change the answer
 * (only a row can be overridden; an unknown code is refused as an option).
 */
function unmapped(list: readonly [string, ErrorClass][]): string[] {
  return list
    .filter(([, cls]) => {
      try {
        const answer = toHttpAnswer(instanceOf(cls), { answers: { [cls.code]: { code: 'probe' } } });
        return answer.body.error.code !== 'probe';
      } catch {
        return true;
      }
    })
    .map(([name]) => name);
}

describe('every exported error class has its answer', () => {
  it('finds the classes (all of them: FarewayError and its 30-odd subclasses)', () => {
    const names = classes.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['FarewayError', 'APIError', 'PassengerRejectedError', 'SelectionTokenError']),
    );
    expect(names.length).toBeGreaterThanOrEqual(28);
    for (const [, cls] of classes) expect(instanceOf(cls).code).toBe(cls.code);
  });

  it('each class has its own row, never the fallback', () => {
    expect(unmapped(classes)).toEqual([]);
  });

  it('the check fails for a class added without a row', () => {
    class NewKindError extends FarewayError {
      static override readonly code = 'new_kind' as FarewayErrorCode;
    }
    expect(unmapped([...classes, ['NewKindError', NewKindError as unknown as ErrorClass]])).toEqual([
      'NewKindError',
    ]);
  });

  it("no code answers 500 but Fareway's own faults; the service's refusals are 4xx", () => {
    const statuses = Object.fromEntries(
      classes.map(([name, cls]) => [name, toHttpAnswer(instanceOf(cls)).status]),
    );
    const fiveHundreds = Object.entries(statuses).filter(([, s]) => s === 500);
    expect(fiveHundreds.map(([name]) => name).sort()).toEqual(['ConfigurationError', 'FarewayError']);
    for (const name of ['APIError', 'BadRequestError', 'BookingStateError', 'NotFoundError']) {
      expect(statuses[name], name).toBeGreaterThanOrEqual(400);
      expect(statuses[name], name).toBeLessThan(500);
    }
    expect(statuses.PassengerRejectedError).toBe(422);
    expect(statuses.RequestValidationError).toBe(422);
    expect(statuses.PriceChangedError).toBe(409);
    expect(statuses.FareExpiredError).toBe(409);
    expect(statuses.FareExpiredLocallyError).toBe(409);
  });

  it('every 503 says when to try again (header and body)', () => {
    for (const [name, cls] of classes) {
      const answer = toHttpAnswer(instanceOf(cls));
      if (answer.status !== 503) continue;
      expect(answer.headers['retry-after'], name).toMatch(/^[1-9]\d*$/);
      expect(answer.body.error.retry_after_seconds, name).toBe(Number(answer.headers['retry-after']));
    }
  });
});
