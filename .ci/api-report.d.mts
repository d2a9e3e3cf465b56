// Types of .ci/api-report.mjs for the tests that import it (test/package/api-report.test.ts).
export interface ReportEntry {
  /** The declaration file, relative to projectFolder (default: the repository). */
  types: string;
  /** The report's file name, e.g. `fareway.api.md`. */
  report: string;
  /** Where the committed report lives. @default 'api' */
  reportFolder?: string;
  projectFolder?: string;
  /** Rewrite the report instead of comparing. */
  update?: boolean;
}
export interface ReportResult {
  ok: boolean;
  reportPath: string;
  /** Committed → built, changed lines with context; empty when equal. */
  diff: string;
  errors: string[];
}
export const ENTRIES: ReadonlyArray<{ name: string; types: string; report: string }>;
export function lineDiff(expected: string, actual: string): string;
export function runEntry(entry: ReportEntry): ReportResult;
/** Generic helpers public types are derived through (`Fields`, `OmitIndex`, `KnownKeys`). */
export const DERIVED_HELPERS: readonly string[];
/** A forgotten export a report may hold: a value a public type derives from, or such a helper. */
export function isDerivedFrom(symbol: string): boolean;
