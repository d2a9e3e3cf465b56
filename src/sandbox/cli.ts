/**
 * `fareway-sandbox`: runs the sandbox over HTTP until SIGINT/SIGTERM.
 *
 *   fareway-sandbox --port 4010 [--host 127.0.0.1] [--seed N] [--no-rate-limits] [--variations]
 *
 * The shebang is added by the build (tsup banner), not here.
 */
import { createSandbox } from './index.js';

const USAGE =
  'Usage: fareway-sandbox [--port 4010] [--host 127.0.0.1] [--seed N] [--no-rate-limits] [--variations]';

interface CliArgs {
  port: number;
  host: string;
  seed: number;
  rateLimits: boolean;
  variations: boolean;
}

function parse(argv: string[]): CliArgs {
  const out: CliArgs = { port: 4010, host: '127.0.0.1', seed: 1, rateLimits: true, variations: false };
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
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
    throw new Error('--port must be 0-65535');
  if (!Number.isInteger(out.seed)) throw new Error('--seed must be an integer');
  return out;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parse(process.argv.slice(2));
  } catch (err) {
    console.error(`fareway-sandbox: ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const sandbox = createSandbox({ seed: args.seed, variations: args.variations });
  const server = await sandbox.listen({ port: args.port, host: args.host, rateLimits: args.rateLimits });
  console.log(`Fareway sandbox listening on ${server.url}`);
  console.log(`API key: ${server.apiKey}`);
  console.log(
    `Rate limits: ${args.rateLimits ? 'on' : 'off'}; seed ${args.seed}${args.variations ? '; variations on' : ''}. Press Ctrl+C to stop.`,
  );
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
