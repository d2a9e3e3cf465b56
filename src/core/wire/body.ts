/**
 * Reading a response body within the attempt's deadline and a size cap. The deadline is the
 * attempt's AbortSignal: undici errors the body stream when it aborts, and the read is also raced
 * against it so that a custom `fetch` that ignores signals cannot hang the call either.
 */

/** Thrown when a body is larger than `maxResponseBytes`; transport.ts turns it into a typed error. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(
    readonly limit: number,
    readonly seen: number,
  ) {
    super(`response body exceeds maxResponseBytes (${limit} bytes; at least ${seen} seen)`);
  }
}

const decoder = new TextDecoder();

/** Rejects with the signal's reason when it aborts, else settles as `promise` does. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * The body as text. Fast path (`response.text()`) when a `content-length` within the cap and no
 * content encoding bound the size; otherwise the stream is read chunk by chunk and cut off at
 * the cap (a chunked or compressed body may be any size once decoded).
 */
export async function readBody(
  response: Response,
  signal: AbortSignal,
  maxBytes: number,
  trustSignal: boolean,
): Promise<string> {
  const declared = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  if (declared !== null && (encoding === null || encoding === 'identity')) {
    const length = Number(declared);
    if (length > maxBytes) {
      void response.body?.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes, length);
    }
    if (Number.isFinite(length)) return trustSignal ? response.text() : raceAbort(response.text(), signal);
  }
  const body = response.body;
  if (body === null) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const read = async (): Promise<string> => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw new BodyTooLargeError(maxBytes, total);
      }
      chunks.push(value);
    }
    return decoder.decode(Buffer.concat(chunks, total));
  };
  try {
    return await (trustSignal ? read() : raceAbort(read(), signal));
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    throw error;
  }
}
