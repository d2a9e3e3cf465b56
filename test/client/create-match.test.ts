import { describe, expect, it } from 'vitest';
import { indicesMatch } from '../../src/resources/create/create-match.js';

const item = (result_index?: string | null) => ({ result_index, legs: [] });

describe("indicesMatch: is a booking's itinerary the one a create sent?", () => {
  it('one-way and independent round trips: one item per index, any order', () => {
    expect(indicesMatch([item('o1')], ['o1'])).toBe('same');
    expect(indicesMatch([item('o1'), item('i1')], ['o1', 'i1'])).toBe('same');
    expect(indicesMatch([item('i1'), item('o1')], ['o1', 'i1'])).toBe('same');
  });

  it("a coupled pair's one index on one item or on each leg's item", () => {
    expect(indicesMatch([item('p1')], ['p1'])).toBe('same');
    expect(indicesMatch([item('p1'), item('p1')], ['p1'])).toBe('same');
  });

  it('another index anywhere, or a different set, is another booking', () => {
    expect(indicesMatch([item('o2')], ['o1'])).toBe('different');
    expect(indicesMatch([item('o1'), item('i2')], ['o1', 'i1'])).toBe('different');
    expect(indicesMatch([item('o1')], ['o1', 'i1'])).toBe('different');
    expect(indicesMatch([item(null), item('i2')], ['o1', 'i1'])).toBe('different');
  });

  it('items without indices, or none at all, cannot tell', () => {
    expect(indicesMatch([item(null)], ['o1'])).toBe('cannot-tell');
    expect(indicesMatch([item('')], ['o1'])).toBe('cannot-tell');
    expect(indicesMatch([item('o1'), item('')], ['o1'])).toBe('cannot-tell');
    expect(indicesMatch([item('o1'), item(undefined)], ['o1', 'i1'])).toBe('cannot-tell');
    expect(indicesMatch([], ['o1'])).toBe('cannot-tell');
    expect(indicesMatch(null, ['o1'])).toBe('cannot-tell');
  });
});
