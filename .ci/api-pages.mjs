// Runs after TypeDoc in `npm run docs:api` (which .ci/run runs): every export of every entry of the
// package (package.json `exports`: fareway, fareway/redis, fareway/sandbox) has a page in docs/api/,
// and every relative link between those pages leads to a page. TypeDoc's own validation
// (typedoc.json: notExported, notDocumented) already fails on a type that is referenced but has no
// page; this walks the package's entries themselves, so an entry missing from typedoc.json's
// entryPoints, a module not named after its entry (`@module`), or an export hidden from the
// reference (`@internal`, `@hidden`) fails too. Exits 1 with the list of what is missing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The reference to check: docs/api/ (typedoc.json's `out`), or the folder given as the first argument.
const out = path.resolve(root, process.argv[2] ?? path.join('docs', 'api'));
const KIND_FOLDERS = [
  'classes',
  'interfaces',
  'type-aliases',
  'functions',
  'variables',
  'enumerations',
  'namespaces',
];

/** The package's entries: `fareway/sandbox` → its declaration file's source, `src/sandbox/index.ts`. */
function entries() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target.import?.types)
    .map(([key, target]) => ({
      name: key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`,
      source: target.import.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'),
    }));
}

/** The names an entry exports (values and types), as a consumer of the package sees them. */
function exportedNames(program, file) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path.join(root, file));
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : [];
}

/**
 * The names with a page in a module: its README lists every export as a link to the export's page
 * (`[Bookings](interfaces/Bookings.md)`), or to the page in another module for a re-export
 * (`Re-exports [BookingStatus](../type-aliases/BookingStatus.md)`); only links to an existing page count.
 */
function pagesOf(moduleDir) {
  const pages = new Set();
  const readme = readFileSync(path.join(moduleDir, 'README.md'), 'utf8');
  for (const [, name, target] of readme.matchAll(/\[([^\]]+)\]\(([^)#\s]+\.md)\)/g)) {
    const file = path.resolve(moduleDir, target);
    if (KIND_FOLDERS.includes(path.basename(path.dirname(file))) && existsSync(file))
      pages.add(name.replace(/\\(.)/g, '$1')); // the text is Markdown: `INSUFFICIENT\_BALANCE`
  }
  return pages;
}

function brokenLinks() {
  const broken = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith('.md')) {
        const text = readFileSync(file, 'utf8');
        for (const [, target] of text.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)) {
          if (/^[a-z]+:/i.test(target)) continue;
          if (!existsSync(path.resolve(path.dirname(file), target)))
            broken.push(`${path.relative(root, file)} → ${target}`);
        }
      }
    }
  };
  walk(out);
  return broken;
}

function main() {
  const problems = [];
  const typedoc = JSON.parse(readFileSync(path.join(root, 'typedoc.json'), 'utf8'));
  const list = entries();
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram(
    list.map((e) => path.join(root, e.source)),
    parsed?.options ?? {},
  );
  let checked = 0;
  for (const entry of list) {
    if (!typedoc.entryPoints.includes(entry.source)) {
      problems.push(`${entry.name}: ${entry.source} is not in typedoc.json "entryPoints"`);
      continue;
    }
    const moduleDir = path.join(out, ...entry.name.split('/'));
    if (!existsSync(path.join(moduleDir, 'README.md'))) {
      problems.push(
        `${entry.name}: no page ${path.relative(root, moduleDir)}/README.md (name the module \`@module ${entry.name}\` in ${entry.source})`,
      );
      continue;
    }
    const pages = pagesOf(moduleDir);
    for (const name of exportedNames(program, entry.source)) {
      checked++;
      if (!pages.has(name)) problems.push(`${entry.name}: the export \`${name}\` has no page`);
    }
  }
  for (const link of brokenLinks()) problems.push(`broken link: ${link}`);
  if (problems.length) {
    console.error(`API reference incomplete (npm run docs:api):\n- ${problems.join('\n- ')}`);
    return 1;
  }
  console.log(
    `API reference: ${checked} exports of ${list.length} entries, each with a page; no broken link`,
  );
  return 0;
}

process.exitCode = main();
