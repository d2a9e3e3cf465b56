// Loads the BUILT package both ways (ESM import, CJS require) through its own name, as a
// consumer would, and prints a JSON report for test/package/built.test.ts. Run after `npm run build`.
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const dist = (p) => fileURLToPath(new URL(`../../dist/${p}`, import.meta.url));

/** The value (not type-only) exports a .d.ts declares, as TypeScript resolves them. */
function declaredValues(file) {
  const program = ts.createProgram([file], {
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = checker.getSymbolAtLocation(source);
  return checker
    .getExportsOfModule(symbol)
    .filter((s) => {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      // `export type { X }` of a value is an alias whose declarations are type-only.
      const typeOnly = s.declarations?.some(
        (d) =>
          ts.isTypeOnlyImportOrExportDeclaration?.(d) ||
          (ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)),
      );
      return !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((s) => s.name)
    .sort();
}

const runtimeKeys = (m) =>
  Object.keys(m)
    .filter((k) => k !== '__esModule' && k !== 'default' && k !== 'module.exports')
    .sort();

const builds = {
  esm: {
    root: await import('fareway'),
    sandbox: await import('fareway/sandbox'),
    redis: await import('fareway/redis'),
    proxy: await import('fareway/proxy'),
    http: await import('fareway/http'),
    health: await import('fareway/health'),
  },
  cjs: {
    root: require('fareway'),
    sandbox: require('fareway/sandbox'),
    redis: require('fareway/redis'),
    proxy: require('fareway/proxy'),
    http: require('fareway/http'),
    health: require('fareway/health'),
  },
};
const side = (ext) => ({
  redis: dist(`redis.${ext}`),
  proxy: dist(`proxy.${ext}`),
  http: dist(`http.${ext}`),
  health: dist(`health.${ext}`),
});
const types = {
  esm: { root: dist('index.d.ts'), sandbox: dist('sandbox/index.d.ts'), ...side('d.ts') },
  cjs: { root: dist('index.d.cts'), sandbox: dist('sandbox/index.d.cts'), ...side('d.cts') },
};

const report = { exports: {}, classNames: {}, crossBuild: {}, json: {}, codes: {} };
for (const build of ['esm', 'cjs']) {
  for (const entry of ['root', 'sandbox', 'redis', 'proxy', 'http', 'health']) {
    report.exports[`${build}:${entry}`] = {
      declared: declaredValues(types[build][entry]),
      runtime: runtimeKeys(builds[build][entry]),
    };
  }
  report.classNames[build] = misnamed(builds[build].root);
}

/** Exported classes whose `name` is not the name they are exported under. */
function misnamed(mod) {
  const out = {};
  for (const [k, v] of Object.entries(mod)) {
    if (typeof v === 'function' && /^[A-Z]/.test(k) && v.prototype && v.name !== k) out[k] = v.name;
  }
  return out;
}

// The ESM build as an application's minifier leaves it (esbuild --bundle --minify, no keepNames).
const bundled = await esbuild({
  entryPoints: [dist('index.js')],
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  write: false,
  external: ['ioredis'],
  logLevel: 'silent',
});
const minFile = join(tmpdir(), `fareway-minified-${process.pid}.mjs`);
writeFileSync(minFile, bundled.outputFiles[0].text);
const minified = await import(pathToFileURL(minFile).href).finally(() => rmSync(minFile, { force: true }));
report.classNames.minified = misnamed(minified);

/** Each exported Fareway error class's static `code`, and the code of an instance where one is cheap to make. */
function codes(mod) {
  const out = {};
  for (const [k, v] of Object.entries(mod))
    if (typeof v === 'function' && (v === mod.FarewayError || v.prototype instanceof mod.FarewayError))
      out[k] = v.code;
  out['instance:NotFoundError'] = new mod.NotFoundError({ status: 404 }).code;
  out['instance:ClientClosedError'] = new mod.ClientClosedError().docUrl;
  return out;
}
report.codes = { esm: codes(builds.esm.root), cjs: codes(builds.cjs.root), minified: codes(minified) };

const { esm, cjs } = { esm: builds.esm.root, cjs: builds.cjs.root };
const fromCjs = new cjs.FareExpiredError({ status: 409, details: ['Fare expired'], requestId: 'req_1' });
const fromEsm = new esm.NotFoundError({ status: 404, details: ['Booking not found.'] });
report.crossBuild = {
  cjsIsEsmFareExpired: fromCjs instanceof esm.FareExpiredError,
  cjsIsEsmAPIError: fromCjs instanceof esm.APIError,
  cjsIsEsmFarewayError: fromCjs instanceof esm.FarewayError,
  cjsIsError: fromCjs instanceof Error,
  cjsIsEsmNotFound: fromCjs instanceof esm.NotFoundError,
  esmIsCjsNotFound: fromEsm instanceof cjs.NotFoundError,
  esmIsCjsFareExpired: fromEsm instanceof cjs.FareExpiredError,
  minifiedIsEsmFareExpired: new minified.FareExpiredError({ status: 409 }) instanceof esm.FareExpiredError,
  esmIsMinifiedAPIError: fromEsm instanceof minified.APIError,
  plainErrorIsFarewayError: new Error('x') instanceof esm.FarewayError,
  plainObjectIsFarewayError: { name: 'FarewayError' } instanceof esm.FarewayError,
  name: fromCjs.name,
  stackHead: String(fromCjs.stack).split('\n')[0],
};
const secret = 'sk_live_SECRET_KEY_123';
const apiError = new esm.AuthenticationError({
  status: 401,
  requestId: 'req_2',
  details: ['Invalid API key.'],
  headers: { 'x-request-id': 'req_2', authorization: `Api-Key ${secret}`, 'set-cookie': secret },
  context: { booking_id: 'b1', api_key: secret },
  cause: new Error('underlying'),
});
report.json = { text: JSON.stringify(apiError), parsed: JSON.parse(JSON.stringify(apiError)), secret };
process.stdout.write(JSON.stringify(report));
