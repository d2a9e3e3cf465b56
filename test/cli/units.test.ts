/** The CLI's pure parts: argument parsing, key masking, colours only on a terminal. */
import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from '../../src/cli/args.js';
import { hideSecret, maskKey, maskUrlPassword, redact, writer } from '../../src/cli/output.js';

const ESC = String.fromCharCode(27);

function capture(isTTY: boolean) {
  let text = '';
  return { stream: { isTTY, write: (t: string) => (text += t) }, text: () => text };
}

describe('parseCommand', () => {
  it('reads each command and its options', () => {
    expect(parseCommand(['doctor'])).toEqual({ kind: 'doctor', json: false });
    expect(parseCommand(['doctor', '--json'])).toEqual({ kind: 'doctor', json: true });
    expect(parseCommand(['bookings', 'get', 'abc', '--json'])).toEqual({
      kind: 'get',
      id: 'abc',
      json: true,
    });
    expect(parseCommand(['bookings', 'list', '--limit', '7'])).toEqual({
      kind: 'list',
      limit: 7,
      json: false,
    });
    expect(parseCommand(['bookings', 'list'])).toEqual({ kind: 'list', limit: undefined, json: false });
    expect(parseCommand(['sandbox', '--port', '4011'])).toEqual({
      kind: 'sandbox',
      argv: ['--port', '4011'],
    });
    expect(parseCommand(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommand([])).toMatchObject({ kind: 'help' });
    expect(parseCommand(['doctor', '--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringMatching(/^Usage: fareway doctor/),
    });
  });

  it.each([
    [['nope']],
    [['--json']],
    [['doctor', 'extra']],
    [['doctor', '--bogus']],
    [['bookings']],
    [['bookings', 'get']],
    [['bookings', 'get', 'a', 'b']],
    [['bookings', 'list', '--limit', '101']],
    [['bookings', 'list', '--limit', 'x']],
    [['bookings', 'get', 'a', '--limit', '3']],
  ])('%j is a usage error', (argv) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
  });
});

describe('masking', () => {
  it('shows the type prefix and the last 4 characters only', () => {
    expect(maskKey('fk_live_0123456789abcdef0123abcd')).toBe('fk_live_…abcd');
    expect(maskKey('sbx_live_42d4cbd16f665daea8f26e1b9620b94e')).toBe('sbx_live_…b94e');
    expect(maskKey('0123456789abcdefXYZW')).toBe('…XYZW');
    expect(maskKey('short_key_1')).toBe('…');
  });

  it('masks a registered secret anywhere in the output, and a URL password', () => {
    hideSecret('fk_test_secretsecretsecret9876');
    expect(redact('key=fk_test_secretsecretsecret9876!')).toBe('key=fk_test_…9876!');
    expect(maskUrlPassword('redis://u:pw@127.0.0.1:6379/0')).toBe('redis://u:***@127.0.0.1:6379/0');
    expect(maskUrlPassword('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});

describe('colours', () => {
  it('only on a terminal, and never with NO_COLOR', () => {
    const tty = capture(true);
    writer(tty.stream, {}).line(writer(tty.stream, {}).green('✓'));
    expect(tty.text()).toContain(`${ESC}[32m✓`);
    const noColor = capture(true);
    const w = writer(noColor.stream, { NO_COLOR: '1' });
    w.line(w.green('✓'));
    expect(noColor.text()).toBe('✓\n');
    const pipe = capture(false);
    const p = writer(pipe.stream, {});
    p.line(p.red('✗'));
    expect(pipe.text()).toBe('✗\n');
  });
});
