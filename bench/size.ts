/**
 * Package size (issue 2 item 10): the ESM entry minified and gzipped WITH the runtime dependencies
 * it actually imports (ky, zod, p-retry, bottleneck, date-fns), as an application bundler would
 * ship it. No goal: a figure to track.
 *
 *   node --import ./examples/register.mjs bench/size.ts      (npm run bench:size)
 *
 * First figure: an application module `import { Fareway } from 'fareway'` bundled against the BUILT
 * package (dist/, through package.json exports), i.e. what a partner's bundle really pays; the
 * issue-11 target for it is 45 KiB gzipped. Then the whole entries (every export):
 *
 * esbuild bundles the built `dist/index.js` (run `npm run build` first) for platform node, format
 * esm, minified; only node builtins and the optional peer `ioredis` stay external. Then gzip level
 * 9. Not the sources: `src/schemas/zod.ts` re-exports zod/mini's namespace, which makes a bundle of
 * the sources carry all of zod (every locale); the build imports zod/mini where it is used, so an
 * app's bundler keeps only what the schemas call. The per-package breakdown is esbuild's metafile
 * `bytesInOutput` (minified, before gzip). The sandbox entry is measured from its sources with its
 * peer `msw` external (it holds no zod).
 */
import { existsSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { isMain, printResults, type BenchResult } from './_util.js';

const root = fileURLToPath(new URL('../', import.meta.url));

/** `node_modules/@scope/name/...` → `@scope/name`; sources → `fareway (src/…)`. */
function packageOf(path: string): string {
  const i = path.lastIndexOf('node_modules/');
  if (i < 0)
    return path.startsWith('src/') || path.startsWith('dist/')
      ? `fareway ${path.split('/')[1]?.replace(/\.ts$/, '') ?? ''}`
      : path;
  const parts = path.slice(i + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
}

/** An entry file, or `{ app }`: the source of an application module bundled from stdin. */
async function measure(entry: string | { app: string }, external: string[]) {
  const result = await build({
    absWorkingDir: root,
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.app, resolveDir: root, sourcefile: 'app.ts', loader: 'ts' as const } }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    write: false,
    metafile: true,
    external,
    logLevel: 'silent',
    outfile: 'out.js',
  });
  const file = result.outputFiles.find((f) => f.path.endsWith('out.js'));
  if (!file) throw new Error('esbuild produced no output');
  const gzip = gzipSync(file.contents, { level: constants.Z_BEST_COMPRESSION }).length;
  const meta: Metafile = result.metafile;
  const inputs =
    Object.values(meta.outputs).find((o) => o.entryPoint !== undefined || o.inputs)?.inputs ?? {};
  const groups = new Map<string, number>();
  for (const [path, info] of Object.entries(inputs)) {
    const pkg = packageOf(path);
    const key = pkg.startsWith('fareway ') ? 'fareway (own code)' : pkg;
    groups.set(key, (groups.get(key) ?? 0) + info.bytesInOutput);
  }
  return { bytes: file.contents.length, gzip, groups: [...groups].sort((a, b) => b[1] - a[1]) };
}

function kib(n: number): string {
  return `${n} B (${(n / 1024).toFixed(1)} KiB)`;
}

/** An application module that imports the client, bundled against the built package. */
const APP = {
  app: "import { Fareway } from 'fareway';\nexport const client = (o: object) => new Fareway(o);\n",
};
/** The same application, bundled with the Redis half of the limiter (`import 'fareway/redis'`). */
const APP_REDIS = { app: `${APP.app}import 'fareway/redis';\n` };

/**
 * The regression guard for the ESM main entry (an app importing the client): 70 KiB gz, decided in
 * issue 24 as a guard, not a target — no kilobyte is worth a copy of what zod or ky already does.
 */
const TARGET_GZIP = 70 * 1024;

export async function run(): Promise<BenchResult[]> {
  const built = existsSync(new URL('../dist/index.js', import.meta.url));
  if (!built) throw new Error('bench/size measures the built package: run `npm run build` first');
  const sdk = await measure('dist/index.js', ['ioredis']);
  // What an application pays for `import { Fareway } from 'fareway'`, resolved through package.json
  // exports to the BUILT dist/index.js (run `npm run build` first), tree-shaken by esbuild.
  const app = await measure(APP, ['ioredis']);
  // What each runtime dependency really adds after compression: the app bundle with that
  // dependency left out (external) versus with it. Minified bytes split cleanly by file; gzip
  // bytes do not, so this is the honest per-part figure for the gzip target.
  const marginal: Record<string, string> = {};
  const deps = ['zod', 'ky', 'p-retry', 'date-fns'];
  for (const dep of deps) {
    const without = await measure(APP, ['ioredis', dep, `${dep}/*`]);
    marginal[`  gzip bytes added by ${dep}`] = kib(app.gzip - without.gzip);
  }
  const ownOnly = await measure(APP, ['ioredis', ...deps.flatMap((d) => [d, `${d}/*`])]);
  marginal['  gzip bytes of fareway alone (every dependency external)'] = kib(ownOnly.gzip);
  const withRedis = await measure(APP_REDIS, ['ioredis']);
  marginal["  gzip bytes added by import 'fareway/redis' (bundled apps that use Redis; ioredis external)"] =
    kib(withRedis.gzip - app.gzip);
  const sandbox = await measure('src/sandbox/index.ts', ['msw', 'msw/*', 'ioredis']);
  const breakdown = (groups: [string, number][], total: number) =>
    Object.fromEntries(
      groups.map(([k, v]) => [`  minified bytes from ${k}`, `${v} (${((100 * v) / total).toFixed(1)} %)`]),
    );
  return [
    {
      name: "size: an app's `import { Fareway } from 'fareway'` (ESM main entry, built)",
      figures: {
        entry:
          "stdin app importing { Fareway } from 'fareway' → dist/index.js (esbuild bundle, platform node, esm, minify; external: ioredis)",
        'minified bytes': kib(app.bytes),
        'minified + gzip -9 bytes': kib(app.gzip),
        guard: `≤ ${kib(TARGET_GZIP)} gz: ${app.gzip <= TARGET_GZIP ? 'met' : `not met (+${((app.gzip - TARGET_GZIP) / 1024).toFixed(1)} KiB)`}`,
        ...breakdown(app.groups, app.bytes),
        ...marginal,
      },
    },
    {
      name: 'size: fareway ESM entry with runtime dependencies',
      figures: {
        entry:
          'dist/index.js, every export (esbuild bundle, platform node, esm, minify; external: node builtins, ioredis)',
        'minified bytes': kib(sdk.bytes),
        'minified + gzip -9 bytes': kib(sdk.gzip),
        ...breakdown(sdk.groups, sdk.bytes),
      },
    },
    {
      name: 'size: fareway/sandbox entry (msw external)',
      figures: {
        entry: 'src/sandbox/index.ts (same settings; external: msw, ioredis)',
        'minified bytes': kib(sandbox.bytes),
        'minified + gzip -9 bytes': kib(sandbox.gzip),
        ...breakdown(sandbox.groups, sandbox.bytes),
      },
    },
  ];
}

if (isMain(import.meta.url)) printResults(await run());
