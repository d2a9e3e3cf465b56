/**
 * `fetch: sandbox.fetch` (and every fetch the option took before) type-checks against the BUILT
 * types, in a project whose lib has "dom", in one with "dom" and @types/node, and in one with only
 * @types/node. Fixtures resolve `fareway` and `fareway/sandbox` through package.json exports, as a
 * partner's project does. Run after `npm run build`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = join(root, '.tmp/fetch-types');

/** Must compile: the documented sandbox.fetch, and what the option accepted before (nothing narrowed). */
const FIXTURE = `
import { Fareway, type FarewayOptions, type FetchLike } from 'fareway';
import { createSandbox, type SandboxFetch } from 'fareway/sandbox';

const sandbox = createSandbox({ seed: 1 });
// docs/testing.md: the sandbox as the client's fetch.
export const viaSandbox = new Fareway({ apiKey: sandbox.apiKey, baseUrl: 'https://sandbox.test', fetch: sandbox.fetch });
const sandboxFetch: SandboxFetch = sandbox.fetch;
export const asOption: FarewayOptions = { fetch: sandboxFetch };
export const asFetchLike: FetchLike = sandbox.fetch;
// What the option took before: the global fetch, anything typed as fetch, a wrapper of it.
export const viaGlobal: FarewayOptions = { fetch: globalThis.fetch };
export const viaBound: FarewayOptions = { fetch: fetch.bind(globalThis) };
const typed: typeof fetch = (input, init) => fetch(input, init);
export const viaTyped: FarewayOptions = { fetch: typed };
export const viaWrapper: FarewayOptions = {
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    return response;
  },
};
export const viaRequestOnly: FarewayOptions = { fetch: (request: Request) => fetch(request) };
// The option is still checked: a function of another shape is refused.
// @ts-expect-error a number is no Request
export const wrongInput: FarewayOptions = { fetch: async (n: number) => new Response(String(n)) };
// @ts-expect-error a string is no Response
export const wrongOutput: FarewayOptions = { fetch: async () => 'ok' };
`;

const PROJECTS: Record<string, Pick<ts.CompilerOptions, 'lib' | 'types'>> = {
  'lib dom, no @types/node': { lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: [] },
  'lib dom and @types/node': { lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: ['node'] },
  'only @types/node (no dom)': { lib: ['lib.es2023.d.ts'], types: ['node'] },
};

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the fetch option accepts sandbox.fetch (built types)', () => {
  it.each(Object.entries(PROJECTS))('%s', (name, libs) => {
    const dir = join(work, name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'fixture.mts');
    writeFileSync(file, FIXTURE);
    const program = ts.createProgram([file], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      ...libs,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const line =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${d.file?.fileName.split('/').pop() ?? '(global)'}:${line} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(errors).toEqual([]);
  });
});
