import { describe, expect, it } from 'vitest';
import { Cache } from '../../src/core/state/cache.js';

describe('Cache', () => {
  it('drops the least recently used entry past max', () => {
    const cache = new Cache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('setting an existing key replaces it without growing', () => {
    const cache = new Cache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('keeps at least one entry when max is below 1', () => {
    const cache = new Cache<string, number>(0);
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    cache.set('b', 2);
    expect(cache.size).toBe(1);
  });

  it('serves an entry until its time to live has passed, then forgets it', () => {
    let now = 1_000;
    const cache = new Cache<string, number>(10, 100, () => now);
    cache.set('a', 1);
    now += 99;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a hit does not extend the time to live; a set does', () => {
    let now = 0;
    const cache = new Cache<string, number>(10, 100, () => now);
    cache.set('a', 1);
    now = 60;
    expect(cache.get('a')).toBe(1);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 2);
    now = 150;
    expect(cache.get('a')).toBe(2);
  });

  it('serves nothing with a time to live of 0', () => {
    const cache = new Cache<string, number>(10, 0, () => 5);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('never expires without a time to live', () => {
    let now = 0;
    const cache = new Cache<string, number>(10, undefined, () => now);
    cache.set('a', 1);
    now = Number.MAX_SAFE_INTEGER;
    expect(cache.get('a')).toBe(1);
  });

  it('clear forgets everything', () => {
    const cache = new Cache<string, number>(10);
    cache.set('a', 1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });
});
