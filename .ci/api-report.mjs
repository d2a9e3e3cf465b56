// The public API report (issue 26): the exported API of each entry of the package, as read by
// @microsoft/api-extractor from the BUILT declarations (dist/), is committed under api/. Every change
// of the public surface is then a reviewed diff of those files.
//
//   node .ci/api-report.mjs check   (npm run api:check, inside `npm test` after the build) fails when
//                                   a report differs from the built API, and prints the diff
//   node .ci/api-report.mjs update  (npm run api:update) rewrites the reports; commit them
//   node .ci/api-report.mjs check <file.d.ts> <folder/name.api.md>   the same for one file
//
// test/package/api-report.test.ts runs the same check on a fixture (test/fixtures/api-report/).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each entry of package.json `exports` (but ./package.json) and its report under api/. */
export const ENTRIES = [
  { name: 'fareway', types: 'dist/index.d.ts', report: 'fareway.api.md' },
  { name: 'fareway/redis', types: 'dist/redis.d.ts', report: 'fareway-redis.api.md' },
  { name: 'fareway/proxy', types: 'dist/proxy.d.ts', report: 'fareway-proxy.api.md' },
  { name: 'fareway/http', types: 'dist/http.d.ts', report: 'fareway-http.api.md' },
  { name: 'fareway/health', types: 'dist/health.d.ts', report: 'fareway-health.api.md' },
  { name: 'fareway/sandbox', types: 'dist/sandbox/index.d.ts', report: 'fareway-sandbox.api.md' },
];

/**
 * The one kind of forgotten export (ae-forgotten-export) a report may hold: the values a public
 * type is derived from ("each contract once": `interface Booking extends Fields<typeof BookingShape>`,
 * `type Source = (typeof SOURCES)[number]`) — zod shapes and schemas, vocabulary tuples — and
 * the generic helpers that derive them. Their `typeof` is the type; exporting the values would
 * make every schema an API. Any other symbol a public type reaches but its entry does not export
 * (a class or an interface: `Call`, `Requester`, `ClientContext`, …) fails the check.
 */
export const DERIVED_HELPERS = ['Fields', 'OmitIndex', 'KnownKeys'];
export function isDerivedFrom(symbol) {
  return (
    /(Shape|Schema|Object)$/.test(symbol) ||
    /^[A-Z][A-Z0-9_]+$/.test(symbol) ||
    DERIVED_HELPERS.includes(symbol)
  );
}

/** [op, line] pairs (-1 removed, 1 added, 0 kept) from a longest common subsequence of lines. */
function lineOps(a, b) {
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push([0, a[i++]]);
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push([-1, a[i++]]);
    else ops.push([1, b[j++]]);
  }
  return ops;
}

/** Lines of `expected` → `actual` as a unified-style listing (changed lines with 3 lines of context). */
export function lineDiff(expected, actual) {
  const ops = lineOps(expected.split('\n'), actual.split('\n'));
  const keep = new Set();
  ops.forEach(([op], i) => {
    if (op !== 0) for (let j = Math.max(0, i - 3); j <= i + 3; j++) keep.add(j);
  });
  const out = [];
  let last = -1;
  let lineNo = 0; // line of the committed report
  ops.forEach(([op, line], i) => {
    if (op !== 1) lineNo++;
    if (!keep.has(i)) return;
    if (i !== last + 1 || last === -1) out.push(`@@ report line ${lineNo} @@`);
    out.push(`${op === -1 ? '-' : op === 1 ? '+' : ' '} ${line}`);
    last = i;
  });
  return out.join('\n');
}

/**
 * Runs api-extractor on one declaration file and compares (or, with `update`, writes) its report.
 * @param {{ types: string, report: string, reportFolder?: string, projectFolder?: string, update?: boolean }} entry
 * @returns {{ ok: boolean, reportPath: string, diff: string, errors: string[] }}
 */
export function runEntry(entry) {
  const projectFolder = path.resolve(root, entry.projectFolder ?? '.');
  const reportFolder = path.resolve(root, entry.reportFolder ?? 'api');
  const mainEntryPointFilePath = path.resolve(projectFolder, entry.types);
  const tempFolder = path.join(root, '.tmp', 'api-report');
  const base = ExtractorConfig.loadFile(path.join(root, 'api-extractor.json'));
  const configObject = {
    ...base,
    projectFolder,
    mainEntryPointFilePath,
    // Only the entry (and what it imports) is compiled, not every file under projectFolder.
    compiler: {
      overrideTsconfig: { ...base.compiler.overrideTsconfig, files: [mainEntryPointFilePath] },
    },
    apiReport: {
      ...base.apiReport,
      reportFolder,
      reportTempFolder: tempFolder,
      reportFileName: entry.report,
    },
  };
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: path.join(root, 'api-extractor.json'),
    packageJsonFullPath: path.join(root, 'package.json'),
  });
  const errors = [];
  mkdirSync(tempFolder, { recursive: true });
  Extractor.invoke(config, {
    localBuild: false, // never writes the committed report: the caller decides below
    messageCallback(message) {
      if (message.logLevel === 'error' || message.logLevel === 'warning') {
        const symbol = /The symbol "([^"]+)"/.exec(message.text)?.[1];
        const derived = message.messageId === 'ae-forgotten-export' && symbol && isDerivedFrom(symbol);
        if (!message.messageId.startsWith('console-api-report-') && !derived)
          errors.push(message.formatMessageWithLocation(projectFolder));
      }
      message.handled = true; // no console noise: the summary below says what matters
    },
  });
  const reportPath = path.join(reportFolder, entry.report);
  const built = readFileSync(path.join(tempFolder, entry.report), 'utf8');
  const committed = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  if (entry.update && built !== committed) {
    mkdirSync(reportFolder, { recursive: true });
    writeFileSync(reportPath, built);
  }
  return {
    ok: errors.length === 0 && (entry.update || built === committed),
    reportPath,
    diff: built === committed ? '' : lineDiff(committed, built),
    errors,
  };
}

function main(mode, types, report) {
  if ((mode !== 'check' && mode !== 'update') || (types && !report)) {
    console.error('usage: node .ci/api-report.mjs check|update [<file.d.ts> <folder/name.api.md>]');
    return 2;
  }
  // One declaration file and its report instead of the package's entries (the fixture's test).
  const entries = types
    ? [{ name: types, types, report: path.basename(report), reportFolder: path.dirname(report) }]
    : ENTRIES;
  let failed = 0;
  for (const entry of entries) {
    if (!existsSync(path.join(root, entry.types))) {
      console.error(`${entry.types} is missing: run \`npm run build\` first`);
      return 1;
    }
    const r = runEntry({ ...entry, update: mode === 'update' });
    const rel = path.relative(root, r.reportPath);
    for (const e of r.errors) console.error(e);
    if (mode === 'update') {
      console.log(`${rel}: ${r.diff ? 'updated' : 'unchanged'}`);
    } else if (r.diff) {
      failed++;
      console.error(`\nThe public API of ${entry.name} changed; ${rel} is out of date:\n\n${r.diff}\n`);
    } else {
      console.log(`${rel}: up to date`);
    }
    if (r.errors.length) failed++;
  }
  if (failed && mode === 'check') {
    console.error(
      'If the change is intended, run `npm run build && npm run api:update` and commit api/ ' +
        '(CONTRIBUTING.md: what counts as breaking).',
    );
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv[2], process.argv[3], process.argv[4]);
}
