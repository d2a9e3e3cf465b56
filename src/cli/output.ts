/**
 * What the CLI writes: colours only on a terminal (and never with NO_COLOR), the API key masked
 * wherever it is shown, and every line passed through a last guard that masks the key should any
 * text (an error's message, a service answer) ever carry it.
 */

import { maskKey } from '../health/mask.js';

export { maskKey, maskUrlPassword } from '../health/mask.js';

type Stream = { write(text: string): unknown; isTTY?: boolean };

/** A writer for one stream: colour when it is a terminal, key-masked always. */
export interface Writer {
  line(text?: string): void;
  readonly colour: boolean;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const secrets = new Set<string>();

/** Registers a secret that must never reach the output (the API key, a Redis password). */
export function hideSecret(secret: string | undefined): void {
  if (secret && secret.length >= 4) secrets.add(secret);
}

/** Masks every registered secret in `text`. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(maskKey(secret));
  return out;
}

export function writer(stream: Stream, env: NodeJS.ProcessEnv = process.env): Writer {
  const colour =
    stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb';
  const paint = (code: number) => (text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    colour,
    line: (text = '') => void stream.write(`${redact(text)}\n`),
    green: paint(32),
    red: paint(31),
    yellow: paint(33),
    dim: paint(2),
    bold: paint(1),
  };
}

/** Pretty JSON on one stream, key-masked. */
export function printJson(stream: Stream, value: unknown): void {
  stream.write(`${redact(JSON.stringify(value, null, 2))}\n`);
}

/** Left-aligned columns; the widths come from the visible text (no colour codes inside cells). */
export function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** An amount with its currency: `INR 5,234.00`. */
export function money(
  amount: number | null | undefined,
  currency: string | null | undefined = 'INR',
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const text = amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currency ?? ''} ${text}`.trim();
}
