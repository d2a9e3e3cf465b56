// vitest + msw for an HTTP service that uses Fareway. msw answers Fareway's requests with the
// sandbox's handlers; the app under test is a real server on 127.0.0.1, and the test's own
// requests to it must pass: `onUnhandledFrame: 'error'` would fail them too ("Cannot bypass a
// request when using the "error" strategy"), so a callback lets the app's origin through and
// fails anything else.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Fareway } from 'fareway';
import { createSandbox } from 'fareway/sandbox';
import { createApp } from '../src/app.ts';

export const sandbox = createSandbox({ seed: 3 });
const fareway = new Fareway({
  apiKey: sandbox.apiKey,
  baseUrl: 'https://sandbox.fareway.test', // any origin: the handlers match them all
  logger: null,
});
const app = createApp(fareway).listen(0, '127.0.0.1');
await once(app, 'listening');
export const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

const mock = setupServer(...sandbox.handlers);
beforeAll(() =>
  mock.listen({
    // msw 3. (msw 2: onUnhandledRequest(request, print) { if (origin matches) return; print.error(); })
    onUnhandledFrame({ frame, defaults }) {
      const { request } = frame.data as { request?: Request };
      if (request && new URL(request.url).origin === appUrl) return; // the app under test: passes
      defaults.error(); // prints msw's "intercepted a request without a matching request handler"
      throw HttpResponse.error(); // and fails the request as a network error
    },
  }),
);
afterEach(() => {
  mock.resetHandlers();
  sandbox.control.reset();
});
afterAll(async () => {
  mock.close();
  app.close();
  await fareway.close();
});

/** Calls the app under test. */
export async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
