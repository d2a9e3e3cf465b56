/**
 * Fareway's error hierarchy. Every error carries a stable `code` (one per class, `FarewayErrorCode`)
 * and a `docUrl` to that code's entry in docs/errors-and-retries.md, `requestId` where the service
 * gave one, and never contains the API key: messages are built from the status, the service's detail and the id only,
 * and response headers are stored without `authorization`. The classes live in src/errors/:
 * base.ts (FarewayError), api.ts (an answer of the service, one class per status), local.ts (this
 * side of the wire), outcome.ts (a book or create settled by reading).
 */
export {
  FarewayError,
  formatPath,
  toIssues,
  type FarewayErrorCode,
  type FarewayIds,
  type ValidationIssue,
} from './errors/base.js';
export * from './errors/api.js';
export * from './errors/local.js';
export * from './errors/outcome.js';
export { PassengerRejectedError } from './errors/passenger.js';
export * from './errors/selection.js';
