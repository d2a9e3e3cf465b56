/**
 * The requests the sandbox is working on: arrived (their body read), not yet answered or dropped.
 * `control.inFlight()` lists them and `control.waitForRequest(endpoint)` resolves when one
 * arrives, so a test can act while a call is on the wire (a SIGTERM during a confirm, a second
 * instance's move) without guessing a sleep. `control.requests()` is unchanged: a request enters
 * it when answered, and leaves this list at that moment.
 */
import type { EndpointName, RequestLogEntry } from '../state/state.js';

/** A request the sandbox has received and not yet answered: a log entry without its outcome. */
export type InFlightRequest = Omit<RequestLogEntry, 'status' | 'dropped'>;

/** Options of `control.waitForRequest`. */
export interface WaitForRequestOptions {
  /** Reject (an Error naming the endpoint) when no such request arrives within this long, ms. @default 10_000 */
  timeoutMs?: number;
}

interface Waiter {
  endpoint: EndpointName | undefined;
  resolve: (request: InFlightRequest) => void;
}

export class InFlight {
  readonly #entries = new Map<string, InFlightRequest>();
  readonly #waiters = new Set<Waiter>();

  /** A request has arrived: listed, and handed to every waiter for its endpoint. */
  arrive(entry: InFlightRequest): void {
    this.#entries.set(entry.requestId, entry);
    for (const w of this.#waiters)
      if (w.endpoint === undefined || w.endpoint === entry.endpoint) {
        this.#waiters.delete(w);
        w.resolve(structuredClone(entry));
      }
  }

  /** Its answer (or drop) is logged: no longer in flight. */
  settled(requestId: string): void {
    this.#entries.delete(requestId);
  }

  /** Copies, oldest first. */
  list(): InFlightRequest[] {
    return [...this.#entries.values()].map((e) => structuredClone(e));
  }

  /** The first request of `endpoint` (any, when omitted) in flight now or arriving later. */
  wait(endpoint: EndpointName | undefined, options: WaitForRequestOptions = {}): Promise<InFlightRequest> {
    const now = [...this.#entries.values()].find((e) => endpoint === undefined || e.endpoint === endpoint);
    if (now) return Promise.resolve(structuredClone(now));
    const timeoutMs = options.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        endpoint,
        resolve: (request) => {
          clearTimeout(timer);
          resolve(request);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(
          new Error(
            `sandbox control: no ${endpoint ?? 'request'} request arrived within ${timeoutMs} ms (waitForRequest)`,
          ),
        );
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }
}
