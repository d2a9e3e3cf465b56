/**
 * The sandbox command: runs the sandbox over HTTP until SIGINT/SIGTERM. Two bins run it:
 * `fareway-sandbox` (src/sandbox/cli.ts) and `fareway sandbox` (src/cli/, which imports this
 * module only for that command).
 *
 *   fareway-sandbox --port 4010 [--host 127.0.0.1] [--seed N] [--no-rate-limits] [--variations] [--control]
 *
 * `--control` also serves `sandbox.control` over HTTP (control-http.ts), for curl and non-Node suites.
 */
import { CONTROL_PATH } from '../control/control-http.js';
import { createSandbox } from '../index.js';

const usage = (prog: string) =>
  `Usage: ${prog} [--port 4010] [--host 127.0.0.1] [--seed N] [--no-rate-limits] [--variations] [--control]\n` +
  `  --control  also serve the scenario controls at ${CONTROL_PATH}/<method> (POST, JSON arguments; GET ${CONTROL_PATH} lists them)`;

interface CliArgs {
  port: number;
  host: string;
  seed: number;
  rateLimits: boolean;
  variations: boolean;
  control: boolean;
}

function parse(argv: string[], prog: string): CliArgs {
  const out: CliArgs = {
    port: 4010,
    host: '127.0.0.1',
    seed: 1,
    rateLimits: true,
    variations: false,
    control: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port' || flag === '-p') out.port = Number(value());
    else if (flag === '--host') out.host = value();
    else if (flag === '--seed') out.seed = Number(value());
    else if (flag === '--no-rate-limits') out.rateLimits = false;
    else if (flag === '--variations') out.variations = true;
    else if (flag === '--control') out.control = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(usage(prog));
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
    throw new Error('--port must be 0-65535');
  if (!Number.isInteger(out.seed)) throw new Error('--seed must be an integer');
  return out;
}

/** Parses `argv` (the arguments after the command), starts the sandbox and serves until a signal. */
export async function runSandboxCli(argv: string[], prog = 'fareway-sandbox'): Promise<void> {
  let args;
  try {
    args = parse(argv, prog);
  } catch (err) {
    console.error(`${prog}: ${(err as Error).message}\n${usage(prog)}`);
    process.exit(2);
  }
  const sandbox = createSandbox({ seed: args.seed, variations: args.variations });
  const server = await sandbox.listen({
    port: args.port,
    host: args.host,
    rateLimits: args.rateLimits,
    control: args.control,
  });
  console.log(`Fareway sandbox listening on ${server.url}`);
  console.log(`API key: ${server.apiKey}`);
  console.log(
    `Rate limits: ${args.rateLimits ? 'on' : 'off'}; seed ${args.seed}${args.variations ? '; variations on' : ''}. Press Ctrl+C to stop.`,
  );
  if (args.control) {
    console.log(
      `Control: POST ${server.url}${CONTROL_PATH}/<method> (GET ${server.url}${CONTROL_PATH} lists them)`,
    );
    if (!isLoopback(args.host))
      console.error(
        `${prog}: warning: the controls are unauthenticated and ${args.host} is not a loopback address`,
      );
  }
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}
