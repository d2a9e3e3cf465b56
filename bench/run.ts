/**
 * Runs every benchmark in sequence, prints the figures, and writes them into docs/performance.md.
 *
 *   npm run bench        (= node --import ./examples/register.mjs bench/run.ts)
 *   npm run bench -- --no-docs     print only, leave docs/performance.md alone
 *   npm run bench -- --only size   run the steps whose module name contains `size` (repeatable)
 *
 * Order: parse-search (if present), overhead, throughput, size. Each module exports
 * `run(): Promise<BenchResult[]>` and also runs by itself when executed directly.
 *
 * docs/performance.md: only sections for which this run produced a result are touched. In the
 * sections owned here (`## Rate-limit throughput`, `## SDK overhead vs raw fetch`,
 * `## Package size`) the block between `<!-- bench:generated:start -->` and
 * `<!-- bench:generated:end -->` is replaced (the whole section is created when missing); text
 * after the block (the written reading of the figures) is kept. `## Search response parsing` is
 * another engineer's hand-written section: it is rewritten only inside such a marked block if they
 * add one, otherwise left as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { machine, printResults, round, type BenchResult } from './_util.js';

// The throughput step alone takes about 5 minutes on a loaded 2-core machine.
const WATCHDOG_MS = 600_000;
const docsPath = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const START = '<!-- bench:generated:start -->';
const END = '<!-- bench:generated:end -->';

interface Step {
  section: string;
  module: string;
  results?: BenchResult[];
  note?: string;
}

/** parse-search returns `{ name, ratio, details }` (one object): bring it to BenchResult[]. */
function normalise(value: unknown): BenchResult[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((r: Record<string, unknown>) => {
    const figures: Record<string, number | string> = {};
    const raw = (r.figures ?? r.details ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(raw))
      figures[k] = typeof v === 'number' || typeof v === 'string' ? v : JSON.stringify(v);
    return {
      name: String(r.name ?? 'unnamed'),
      ...(typeof r.ratio === 'number' ? { ratio: r.ratio } : {}),
      figures,
      ...(typeof r.goal === 'string' ? { goal: r.goal } : {}),
      ...(typeof r.met === 'boolean' ? { met: r.met } : {}),
    };
  });
}

async function runStep(step: Step): Promise<void> {
  const path = new URL(step.module, import.meta.url);
  if (!existsSync(fileURLToPath(path))) {
    step.note = `${step.module} not found: skipped`;
    return;
  }
  const started = performance.now();
  try {
    const mod = (await import(path.href)) as { run?: () => Promise<unknown> };
    if (typeof mod.run !== 'function') {
      step.note = `${step.module} exports no run(): skipped`;
      return;
    }
    step.results = normalise(await mod.run());
  } catch (error) {
    step.note = `${step.module} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  console.log(
    `[bench] ${step.module} done in ${round((performance.now() - started) / 1000, 1)} s${step.note ? ` (${step.note})` : ''}`,
  );
}

function escapeCell(v: number | string): string {
  return String(v).replaceAll('|', '\\|');
}

function render(step: Step, stamp: string): string {
  const lines = [START, '', stamp, ''];
  for (const r of step.results ?? []) {
    const head = r.goal ? ` — goal ${r.goal}: **${r.met ? 'met' : 'not met'}**` : '';
    lines.push(`**${r.name}**${r.ratio === undefined ? '' : ` — ratio **${round(r.ratio, 3)}**`}${head}`, '');
    lines.push('| Figure | Value |', '|---|---|');
    for (const [k, v] of Object.entries(r.figures))
      lines.push(`| ${escapeCell(k.trim())} | ${escapeCell(v)} |`);
    lines.push('');
  }
  lines.push(END);
  return lines.join('\n');
}

/** Replaces (or creates) the generated block of `## heading`, keeping everything else. */
function writeSection(doc: string, heading: string, block: string, createIfMissing: boolean): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) {
    if (!createIfMissing) return doc;
    return `${doc.replace(/\n*$/, '')}\n\n## ${heading}\n\n${block}\n`;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  const body = lines.slice(start + 1, end).join('\n');
  const s = body.indexOf(START);
  const e = body.indexOf(END);
  let next: string;
  if (s >= 0 && e > s) next = body.slice(0, s) + block + body.slice(e + END.length);
  else if (createIfMissing) next = `\n\n${block}\n${body.replace(/^\n+/, '\n')}`;
  else return doc; // someone else's section without a generated block: leave it alone
  const out = [
    ...lines.slice(0, start + 1),
    next.replace(/^\n*/, '\n').replace(/\n*$/, '\n'),
    ...lines.slice(end),
  ];
  return out.join('\n');
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`[bench] watchdog: not finished after ${WATCHDOG_MS / 1000} s, exiting`);
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();

  const steps: Step[] = [
    { section: 'Search response parsing', module: './parse-search.ts' },
    { section: 'SDK overhead vs raw fetch', module: './overhead.ts' },
    { section: 'Rate-limit throughput', module: './throughput.ts' },
    { section: 'Limiter cost', module: './limiter-cost.ts' },
    { section: 'Package size', module: './size.ts' },
  ];
  const only = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--only' ? [arg] : []));
  for (const step of steps)
    if (!only.length || only.some((o) => step.module.includes(o))) await runStep(step);

  const all = steps.flatMap((s) => s.results ?? []);
  printResults(all);
  console.log('\nSummary');
  for (const r of all) {
    const ratio = r.ratio === undefined ? '' : round(r.ratio, 3);
    console.log(
      `  ${r.name.padEnd(58)} ${String(ratio).padStart(7)}  ${r.goal ? (r.met ? 'met' : 'NOT met') : ''}`,
    );
  }
  for (const s of steps) if (s.note) console.log(`  note: ${s.note}`);

  if (process.argv.includes('--no-docs')) return;
  const m = machine();
  const stamp =
    `_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${m.node} · ${m.cpu} × ${m.cores} cores ` +
    `(${m.platform}, shared) · command: \`npm run bench\` (\`node --import ./examples/register.mjs bench/run.ts\`)_`;
  let doc = existsSync(docsPath)
    ? readFileSync(docsPath, 'utf8')
    : "# Performance\n\nFigures measured on this repository's own benchmarks (`bench/`), ratios taken within one run.\n";
  for (const step of steps) {
    if (!step.results?.length) continue; // only sections for which we got a result
    const owned = step.section !== 'Search response parsing';
    doc = writeSection(doc, step.section, render(step, stamp), owned);
  }
  writeFileSync(docsPath, doc);
  console.log(`\n[bench] figures written to ${docsPath}`);
}

await main();
