/** The error of a selection token that cannot be trusted (`flights.selectionFromToken`). */
import { FarewayError, keepClassNames } from './base.js';

/**
 * Why a selection token was refused: `malformed` (not a token, cut short or garbled), `version`
 * (made by another token format), `signature` (signed with another secret: another API key, a
 * rotated `selectionTokenSecret`, or altered).
 */
export type SelectionTokenProblem = 'malformed' | 'version' | 'signature';

/**
 * `flights.selectionFromToken` was given a token it cannot trust (see `problem`). Nothing was
 * sent. Never retried: search again and let the user choose again. A token whose deadline has
 * passed is a `FareExpiredLocallyError` instead.
 */
export class SelectionTokenError extends FarewayError {
  static override readonly code = 'invalid_selection_token';
  declare readonly code: 'invalid_selection_token';
  override name = 'SelectionTokenError';
  constructor(
    /** Why the token was refused. */
    readonly problem: SelectionTokenProblem,
    message: string,
  ) {
    super(message);
    this.details = [message];
  }
}

keepClassNames({ SelectionTokenError });
