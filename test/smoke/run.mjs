// Smoke test of the BUILT package: an ESM consumer imports it and a CJS consumer require()s it,
// each completing real calls against the sandbox served on 127.0.0.1. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'fareway-smoke-'));
try {
  mkdirSync(join(dir, 'node_modules'));
  // Resolve `fareway` through its package.json exports map, exactly as an installed package.
  symlinkSync(root, join(dir, 'node_modules', 'fareway'), 'dir');

  const body = (imports) => `${imports}
const sandbox = createSandbox({ seed: 7 });
const server = await sandbox.listen({ port: 0 });
const fareway = new Fareway({ apiKey: server.apiKey, baseUrl: server.url, logger: null });
try {
  const airports = await fareway.airports.autocomplete('del');
  if (!airports.results.some((a) => a.code === 'DEL')) throw new Error('autocomplete did not find DEL');
  const results = await fareway.flights.search({ origin: 'DEL', destination: 'BOM', preferred_departure_time: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10), source: 'supplier_b' });
  const selection = results.select(results.outbound[0]);
  const booking = await fareway.bookings.create(selection);
  if (booking.status !== 'draft') throw new Error('unexpected status ' + booking.status);
  console.log('ok', KIND, results.outbound.length, 'options, booking', booking.booking_id);
} finally {
  await fareway.close();
  await server.close();
}
`;
  writeFileSync(
    join(dir, 'esm.mjs'),
    body(
      `import { Fareway } from 'fareway';\nimport { createSandbox } from 'fareway/sandbox';\nconst KIND = 'esm';`,
    ),
  );
  writeFileSync(
    join(dir, 'cjs.cjs'),
    `const { Fareway } = require('fareway');\nconst { createSandbox } = require('fareway/sandbox');\nconst KIND = 'cjs';\n(async () => {\n${body('')}\n})().catch((e) => { console.error(e); process.exit(1); });\n`,
  );
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    const out = execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    process.stdout.write(out);
    if (!out.startsWith('ok ')) throw new Error(`${file} did not complete`);
  }
  console.log('smoke: ESM and CJS consumers of the built package both completed their calls');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
