import fc from 'fast-check';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { localDate, localDateTime } from '../../src/schemas/inputs.js';

// The hand-written formatters replace date-fns `format` on the input path (bundle size and
// per-call cost): they must write exactly what it wrote, in the process's time zone.
describe('localDate / localDateTime', () => {
  it('write what date-fns format wrote, for any date from year 1000 to 9999', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31, 23, 59, 59), noInvalidDate: true }), (d) => {
        expect(localDate(d)).toBe(format(d, 'yyyy-MM-dd'));
        expect(localDateTime(d)).toBe(format(d, "yyyy-MM-dd'T'HH:mm:ss"));
      }),
      { numRuns: 2000 },
    );
  });

  it('pads every part', () => {
    expect(localDateTime(new Date(2031, 0, 2, 3, 4, 5))).toBe('2031-01-02T03:04:05');
  });
});
