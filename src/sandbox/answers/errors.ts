/**
 * An error the fake service answers with: a status and the `detail` messages of the envelope.
 * Handlers throw it; the shared wrapper turns it into `{success:false, errors:[{detail}]}`.
 */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly details: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(details.join('; '));
    this.name = 'SandboxHttpError';
  }
}

/** Shorthand for a 400 with one or more details. */
export const badRequest = (...details: string[]): SandboxHttpError => new SandboxHttpError(400, details);

/** The spec's 409: the held fare or the search handle expired (rule 4: tell the client to search again). */
export const expired = (what: string): SandboxHttpError =>
  new SandboxHttpError(409, [`${what} has expired. Please search again and create a new booking.`]);
