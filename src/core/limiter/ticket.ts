/**
 * What a scheduled call reports about its request, so its token is counted as late as the SDK can
 * know the request left and never later than its answer arrived. Times are `performance.now()`.
 */
export interface Ticket {
  /** The request's headers were written to the socket at `at`. May never be called. */
  sent(at: number): void;
  /** The response's headers arrived at `at` (any status): the service has counted the request. */
  answered(at: number): void;
  /** The attempt failed before anything reached the wire: the token goes back at once. */
  notSent(): void;
}

/** Internal: a ticket the bucket settles once the call's function has settled. */
export interface TokenTicket extends Ticket {
  /** The call settled. Without `answered`/`notSent`, the token is held a window from now. */
  settled(): void;
}

/** Shared arithmetic of every token source: when a token can come back. */
export interface Hold {
  /** The window of the service's strict sliding log. */
  readonly windowMs: number;
  /**
   * Longest time a request may take from its send stamp to the service counting it: the
   * configured margin, plus (in a limiter) twice how late this process's timers fire lately
   * (lateness.ts). Read when a token's return time is decided.
   */
  readonly marginMs: number;
  /** A token was taken (+1) or its return time is decided (−1): lateness is measured meanwhile. */
  busy?(delta: 1 | -1): void;
}
