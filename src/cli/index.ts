/**
 * `fareway`: the support CLI (bin). `fareway doctor`, `fareway bookings get|list`, and
 * `fareway sandbox` (the sandbox is imported only for that command: msw and the sandbox are never
 * loaded by the others). Configuration comes from FAREWAY_API_KEY, FAREWAY_BASE_URL and REDIS_URL.
 * See docs/support.md. The shebang is added by the build (tsup banner), not here.
 *
 * Exit codes: 0 ok; 1 a check or a call failed; 2 a usage or configuration error.
 */
import { FarewayError, RequestValidationError } from '../errors.js';
import { VERSION } from '../version.js';
import { parseCommand, UsageError, type Command } from './args.js';
import { getBooking, listBookings, printBooking, printList } from './bookings.js';
import { ConfigError, createClient, readEnv } from './client.js';
import { doctor } from './doctor.js';
import { printJson, redact, writer, type Writer } from './output.js';
import { keepAlive } from '../timer.js';

const out = writer(process.stdout);
const err = writer(process.stderr);

function printChecks(report: Awaited<ReturnType<typeof doctor>>): void {
  for (const c of report.checks) {
    const mark = { pass: out.green('✓'), warn: out.yellow('!'), fail: out.red('✗'), skip: out.dim('-') }[
      c.level
    ];
    const fix = c.fix ? (c.level === 'fail' ? ` — fix: ${c.fix}` : ` — ${c.fix}`) : '';
    out.line(`${mark} ${c.detail}${c.level === 'fail' ? out.red(fix) : fix}`);
  }
  const failed = report.checks.filter((c) => !c.ok).length;
  out.line(
    failed === 0
      ? out.green('All checks passed.')
      : out.red(`${failed} check${failed > 1 ? 's' : ''} failed.`),
  );
}

/** A failed call: its message and request id on stderr (JSON with --json); exit code 1 (2 for bad input). */
function reportError(error: FarewayError, json: boolean, to: Writer = err): number {
  const e = error as FarewayError & { status?: unknown };
  const requestId = e.requestId;
  const code = error instanceof RequestValidationError ? 2 : 1;
  if (json) {
    printJson(process.stderr, {
      error: {
        name: e.name,
        code: e.code,
        message: e.message,
        status: e.status,
        requestId: requestId ?? null,
        docUrl: e.docUrl,
      },
    });
    return code;
  }
  to.line(`fareway: ${e.message}`);
  if (requestId) to.line(`request id: ${requestId}`);
  to.line(`code: ${e.code} (${e.docUrl})`);
  return code;
}

async function run(command: Command): Promise<number | undefined> {
  switch (command.kind) {
    case 'help':
      out.line(command.text);
      return 0;
    case 'version':
      out.line(VERSION);
      return 0;
    case 'sandbox': {
      // Loaded only here: the sandbox (and msw, which it loads lazily) is no part of the other commands.
      const { runSandboxCli } = await import('../sandbox/serve/cli-main.js');
      await runSandboxCli(command.argv, 'fareway sandbox');
      return undefined; // serves until SIGINT/SIGTERM
    }
    case 'doctor': {
      const report = await doctor(readEnv());
      if (command.json) printJson(process.stdout, report);
      else printChecks(report);
      return report.ok ? 0 : 1;
    }
    case 'get':
    case 'list': {
      const env = readEnv();
      const client = createClient(env);
      try {
        if (command.kind === 'get') {
          const view = await getBooking(client, command.id);
          if (command.json) printJson(process.stdout, view);
          else printBooking(out, view);
        } else {
          const view = await listBookings(client, command.limit);
          if (command.json) printJson(process.stdout, view);
          else printList(out, view);
        }
        return 0;
      } catch (error) {
        // The SDK's typed errors (and a bad booking id); anything else is unexpected (main).
        if (error instanceof FarewayError) return reportError(error, command.json);
        throw error;
      } finally {
        await client.close();
      }
    }
  }
}

async function main(argv: string[]): Promise<number | undefined> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err.line(`fareway: ${error.message}`);
    err.line(error.usage);
    return 2;
  }
  try {
    return await run(command);
  } catch (error) {
    if (error instanceof ConfigError) {
      err.line(`fareway: ${error.message}`);
      return 2;
    }
    err.line(
      `fareway: unexpected error: ${redact(error instanceof Error ? (error.stack ?? error.message) : String(error))}`,
    );
    return 1;
  }
}

void main(process.argv.slice(2)).then((code) => {
  if (code === undefined) return;
  process.exitCode = code;
  // Whatever might still hold the event loop (a keep-alive socket), the command is done.
  const exit = setTimeout(() => process.exit(code), 2000);
  keepAlive(exit, false);
});
