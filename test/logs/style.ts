/**
 * The style of the SDK's log messages (docs/production.md, "One message style"), as a check: one
 * line; no `fareway:` or `[fareway]` prefix (the logger names the source: the default console
 * logger adds `[fareway]`, the adapters a `component` field or Nest's context); it begins with a
 * lower-case word, an arrow (→ ←) or a name spelt as it is (Redis, FAREWAY_LOG); no surrounding
 * space, no closing full stop. Values a machine reads travel in the fields object.
 */
const NAMES = ['Redis', 'FAREWAY_LOG'];

/** Why `message` breaks the style, or undefined. */
export function styleProblem(message: string): string | undefined {
  if (message.length === 0) return 'is empty';
  if (/^\[?fareway\b\]?\s*:?/i.test(message)) return 'carries a fareway prefix (the logger names the source)';
  if (/[\r\n]/.test(message)) return 'spans several lines';
  if (/^\s|\s$/.test(message)) return 'has space around it';
  if (/\.$/.test(message)) return 'ends with a full stop';
  if (!/^[a-z→←]/.test(message) && !NAMES.some((n) => new RegExp(`^${n}\\b`).test(message)))
    return `begins with neither a lower-case word, an arrow nor a name (${NAMES.join(', ')})`;
  return undefined;
}
