/**
 * `fareway-sandbox`: runs the sandbox over HTTP until SIGINT/SIGTERM (an alias of
 * `fareway sandbox`; see cli-main.ts).
 *
 *   fareway-sandbox --port 4010 [--host 127.0.0.1] [--seed N] [--no-rate-limits] [--variations]
 *
 * The shebang is added by the build (tsup banner), not here.
 */
import { runSandboxCli } from './serve/cli-main.js';

void runSandboxCli(process.argv.slice(2));
