/**
 * The client's one cache: a Map kept in least-recently-used order, bounded by `max` entries, with an
 * optional time to live, so a long-lived server does not grow without bound. Used by the registry
 * (searches and bookings seen) and the autocomplete cache. Node has no LRU of its own.
 */
export class Cache<K, V> {
  readonly #map = new Map<K, { value: V; at: number }>();

  /**
   * @param max Most entries kept; the least recently used goes first. At least 1.
   * @param ttlMs How long an entry is served, from when it was set. `Infinity` (the default): no
   *   expiry; `0`: nothing is ever served.
   * @param now The clock (`performance.now()`, monotonic); tests may pass their own.
   */
  constructor(
    private readonly max: number,
    private readonly ttlMs = Infinity,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The value, if present and fresh; a hit becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    this.#map.delete(key);
    if (this.ttlMs !== Infinity && this.now() - entry.at >= this.ttlMs) return undefined;
    this.#map.set(key, entry);
    return entry.value;
  }

  /** Stores `value` as the most recently used entry, dropping the least recently used past `max`. */
  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, { value, at: this.ttlMs === Infinity ? 0 : this.now() });
    while (this.#map.size > Math.max(1, this.max)) this.#map.delete(this.#map.keys().next().value as K);
  }

  get size(): number {
    return this.#map.size;
  }

  clear(): void {
    this.#map.clear();
  }
}
