/**
 * One message style for every log line (issue 32, item 6): every call of the SDK's logger in src/
 * is found in the sources (TypeScript's parser) and its message — a literal, its `${…}` parts as
 * placeholders — checked against the style (style.ts); a call whose message is not a literal must
 * be one of the few that forward a message written (and checked) elsewhere. Messages made at run
 * time (FAREWAY_LOG's) are checked at run time here; test/logs/adapters.test.ts checks every line
 * of a booking flow. The CLI's output (src/cli) is not a log: it keeps its `fareway: ` prefix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { clientLogger } from '../../src/core/observe/log.js';
import { styleProblem } from './style.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

/**
 * Calls whose message is a variable, by file and argument: each forwards a message made where
 * this scan (or a run-time check) reads it.
 */
const FORWARDED: Record<string, string[]> = {
  // limiter.ts's own `warn` helper and the Redis store's `info`/`warn` options pass their callers' literals on
  'src/core/limiter/limiter.ts': ['msg'],
  // the FAREWAY_LOG warning, made by logLevelFromEnv: checked at run time below
  'src/core/observe/log.ts': ['fromEnv.invalid'],
  // the passenger warnings, written as `report.warn(…)` literals in src/validation (scanned)
  'src/resources/save-passengers.ts': ['warning'],
};

interface Call {
  where: string;
  file: string;
  arg: ts.Expression;
  text: string;
}

/**
 * A literal message with each `${…}` as `x` (a name declared `const` with a literal in an
 * enclosing block is followed to it); undefined for anything else.
 */
function literal(arg: ts.Expression): string | undefined {
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  if (ts.isTemplateExpression(arg))
    return arg.head.text + arg.templateSpans.map((s) => `x${s.literal.text}`).join('');
  if (ts.isIdentifier(arg)) {
    for (let at: ts.Node | undefined = arg.parent; at; at = at.parent) {
      if (!ts.isBlock(at)) continue;
      for (const statement of at.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const found = statement.declarationList.declarations.find(
          (d) => ts.isIdentifier(d.name) && d.name.text === arg.text && d.initializer,
        );
        if (found) return literal(found.initializer!);
      }
    }
  }
  return undefined;
}

/** Every logger call of `src` outside the CLI and the sandbox, with its message argument. */
function loggerCalls(): Call[] {
  const files = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !/^(cli|sandbox)\//.test(f.replace(/\\/g, '/')))
    .map((f) => join(root, 'src', f));
  const calls: Call[] = [];
  for (const path of files) {
    const file = relative(root, path).replace(/\\/g, '/');
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        const name = ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : ts.isIdentifier(callee)
            ? callee.text
            : undefined;
        const on = ts.isPropertyAccessExpression(callee) ? callee.expression.getText(sf) : '';
        let arg: ts.Expression | undefined;
        if (name !== undefined && LEVELS.has(name) && !/^console\b/.test(on)) arg = n.arguments[0];
        // connection.report('warn' | 'info', message, fields)
        const level = n.arguments[0];
        if (name === 'report' && level && ts.isStringLiteral(level) && LEVELS.has(level.text))
          arg = n.arguments[1];
        if (arg) {
          const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
          calls.push({ where: `${file}:${line}`, file, arg, text: arg.getText(sf) });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return calls;
}

describe('one message style for the log lines', () => {
  const calls = loggerCalls();

  it('finds the logger calls of src (request lines, retries, reconciles, Redis, passenger warnings)', () => {
    expect(calls.length).toBeGreaterThan(35);
    const texts = calls.map((c) => literal(c.arg) ?? '');
    for (const start of [
      '→ x x',
      'retrying x x in x ms',
      'Redis is back',
      'a shared lock could not be released',
    ])
      expect(
        texts.some((t) => t.startsWith(start)),
        start,
      ).toBe(true);
  });

  it('every literal message follows the style; every other one is a known forwarder', () => {
    const problems: string[] = [];
    for (const c of calls) {
      const text = literal(c.arg);
      if (text === undefined) {
        if (!FORWARDED[c.file]?.includes(c.text))
          problems.push(`${c.where}: the message \`${c.text}\` is not a literal the style check can read`);
        continue;
      }
      const why = styleProblem(text);
      if (why) problems.push(`${c.where}: "${text}" ${why}`);
    }
    expect(problems).toEqual([]);
  });

  it('the FAREWAY_LOG warning, made at run time, follows it too', () => {
    const lines: string[] = [];
    clientLogger({ warn: (m: string) => lines.push(m) }, undefined, 'verbose');
    expect(lines).toHaveLength(1);
    expect(styleProblem(lines[0]!)).toBeUndefined();
  });

  it('the check refuses what breaks the style and takes what keeps it', () => {
    for (const bad of [
      'fareway: Redis unavailable',
      '[fareway] retrying',
      'Retrying the search',
      'book of x had committed.',
      'two\nlines',
      ' padded',
      '',
    ])
      expect(styleProblem(bad), bad).toBeDefined();
    for (const good of [
      '→ POST /v1/x',
      '← 200 GET /v1/x',
      'Redis is back',
      'FAREWAY_LOG: x',
      'passengers[0]: x',
    ])
      expect(styleProblem(good), good).toBeUndefined();
  });
});
