/**
 * The command line of `fareway`: `fareway <command> [options]`, parsed with node:util `parseArgs`
 * (strict: an unknown option or a stray argument is a usage error, exit code 2).
 */
import { parseArgs } from 'node:util';

export const USAGE = `Usage: fareway <command> [options]

Commands:
  doctor                      Check the configuration: base URL, API key, clock, latency, Redis
  bookings get <booking_id>   Show one booking: status, PNR, amounts, passengers, segments
  bookings list [--limit N]   List the most recent bookings (N: 1-100, default 25)
  sandbox [--port N]          Run the local sandbox over HTTP (same as fareway-sandbox)

Options:
  --json         Print JSON for scripts (doctor, bookings)
  -h, --help     Show help (also: fareway <command> --help)
  -V, --version  Show the version

Environment:
  FAREWAY_API_KEY    Partner API key (never printed; shown masked)
  FAREWAY_BASE_URL   Service base URL, e.g. https://sandbox.example.com
  REDIS_URL          Optional: the Redis the rate limits are shared through (doctor checks it)

Exit codes: 0 ok, 1 a check or call failed, 2 usage or configuration error.
See docs/support.md.`;

const HELP: Record<string, string> = {
  doctor: `Usage: fareway doctor [--json]

Checks, one line each (✓ passed, ✗ failed with the fix):
  base URL reachable, API key accepted (a keyed read), clock skew against the service's Date
  header, round-trip latency (median of 3 reads), and with REDIS_URL: Redis reachable and the
  shared rate-limit budgets' current use.
Exit code 1 when any check fails.`,
  bookings: `Usage: fareway bookings get <booking_id> [--json]
       fareway bookings list [--limit N] [--json]`,
  sandbox: `Usage: fareway sandbox [--port 4010] [--host 127.0.0.1] [--seed N] [--no-rate-limits] [--variations] [--control]`,
};

/** A wrong command line: the message, then the usage, on stderr; exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string = USAGE,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export type Command =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'doctor'; json: boolean }
  | { kind: 'get'; id: string; json: boolean }
  | { kind: 'list'; limit: number | undefined; json: boolean }
  | { kind: 'sandbox'; argv: string[] };

const COMMON = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse<O extends Record<string, { type: 'boolean' | 'string'; short?: string }>>(
  args: string[],
  options: O,
  usage: string,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs' messages name the option; its hint about '--' is noise here.
    const message = (error as Error).message.split('. To specify')[0] ?? 'bad arguments';
    throw new UsageError(message, usage);
  }
}

function limitOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > 100)
    throw new UsageError(`--limit must be a whole number from 1 to 100, got '${text}'`, HELP.bookings);
  return n;
}

/** Reads the command line (`process.argv.slice(2)`). Throws UsageError when it is wrong. */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    return { kind: 'help', text: (topic && HELP[topic]) || USAGE };
  }
  if (first === '--version' || first === '-V') return { kind: 'version' };
  if (first === 'sandbox') {
    if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', text: HELP.sandbox as string };
    return { kind: 'sandbox', argv: rest };
  }
  if (first === 'doctor') {
    const { values, positionals } = parse(rest, COMMON, HELP.doctor as string);
    if (values.help) return { kind: 'help', text: HELP.doctor as string };
    if (positionals.length)
      throw new UsageError(`doctor takes no arguments, got '${positionals[0]}'`, HELP.doctor);
    return { kind: 'doctor', json: values.json === true };
  }
  if (first === 'bookings') {
    const usage = HELP.bookings as string;
    const { values, positionals } = parse(rest, { ...COMMON, limit: { type: 'string', short: 'n' } }, usage);
    if (values.help) return { kind: 'help', text: usage };
    const [sub, ...more] = positionals;
    const json = values.json === true;
    if (sub === 'get') {
      if (values.limit !== undefined) throw new UsageError('--limit is an option of bookings list', usage);
      if (more.length !== 1) throw new UsageError('bookings get needs one booking_id', usage);
      return { kind: 'get', id: more[0] as string, json };
    }
    if (sub === 'list') {
      if (more.length) throw new UsageError(`bookings list takes no arguments, got '${more[0]}'`, usage);
      return { kind: 'list', limit: limitOf(values.limit), json };
    }
    throw new UsageError(
      sub === undefined ? 'bookings needs a subcommand: get or list' : `unknown bookings subcommand '${sub}'`,
      usage,
    );
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option '${first}' (options go after the command)`);
  throw new UsageError(`unknown command '${first}'`);
}
