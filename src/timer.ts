/**
 * setTimeout's largest delay, 2³¹−1 ms (about 24.8 days). Node runs a longer one after 1 ms with a
 * TimeoutOverflowWarning: every duration option that feeds a timer stops here, and a timer that
 * adds to such a duration caps its delay here and re-arms. (No imports: the Redis entry uses it.)
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
