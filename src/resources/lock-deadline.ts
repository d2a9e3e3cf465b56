import type { ClientContext } from '../core/state/context.js';
import { FareExpiredError } from '../errors.js';
import { Deadline } from '../model/deadline.js';

/**
 * The fare lock's countdown from an answer that carries `expires_at` or `remaining_seconds`
 * (none otherwise: the client's memory keeps what it had).
 */
export function lockDeadlineFrom(
  ctx: ClientContext,
  data: { expires_at?: string | null | undefined; remaining_seconds?: number | null | undefined },
  receivedAt: number,
  id: string,
): { deadline?: Deadline } {
  if (data.expires_at == null && data.remaining_seconds == null) return {};
  const source = ctx.registry.booking(id)?.source;
  return {
    deadline: Deadline.fromResponse(data, {
      kind: 'lock',
      ...(source ? { source } : {}),
      ...ctx.clock.arrived(receivedAt),
      expiresAtZone: ctx.expiresAtZone,
    }),
  };
}

/** Refuses, before sending, a step on a booking whose fare lock this client knows has expired. */
export function refuseIfLockExpired(ctx: ClientContext, id: string): void {
  const deadline = ctx.registry.booking(id)?.deadline;
  if (deadline?.isExpired(ctx.expiryMarginMs))
    throw FareExpiredError.local('The fare lock of this booking', { booking_id: id });
}
