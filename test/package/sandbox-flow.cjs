// A booking flow over the BUILT package's sandbox: `node [--import no-msw.mjs] sandbox-flow.cjs esm|cjs`.
// Prints one JSON line: the PNR, and what reading sandbox.handlers did.
const { bookOne } = require('./book-one.cjs');

async function main() {
  const mode = process.argv[2];
  const { Fareway } = mode === 'esm' ? await import('fareway') : require('fareway');
  const { createSandbox } = mode === 'esm' ? await import('fareway/sandbox') : require('fareway/sandbox');
  const sandbox = createSandbox({ seed: 3 });
  const server = await sandbox.listen();
  const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
  try {
    const done = await bookOne(fareway).then(({ book }) => book);
    let handlers;
    try {
      handlers = `ok:${sandbox.handlers.length}`;
    } catch (err) {
      handlers = `error:${err.message}`;
    }
    const direct = await sandbox.fetch(new Request('http://sandbox.test/v1/airports/autocomplete/?q=del'));
    console.log(
      JSON.stringify({ pnr: done.pnr, status: done.status, handlers, fetchStatus: direct && direct.status }),
    );
  } finally {
    await fareway.close();
    await server.close();
  }
}
main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
