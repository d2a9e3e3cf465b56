/** One line of the default logger, `[fareway] <message> <fields as JSON>`, read back. */
export function parseLine(
  line: string,
): { message: string; fields: Record<string, unknown> | undefined } | undefined {
  const m = /^\[fareway\] (.*?)(?: (\{.*\}))?$/.exec(line);
  if (!m) return undefined;
  return {
    message: m[1]!,
    fields: m[2] === undefined ? undefined : (JSON.parse(m[2]) as Record<string, unknown>),
  };
}
