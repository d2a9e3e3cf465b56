/**
 * The input schemas a partner's controller validates with (issue 32, part 3): the rules
 * `flights.search` and `bookings.savePassengers` apply before sending, as zod 4 schemas, so any
 * framework that takes Standard Schema (`schema['~standard'].validate(value)`: NestJS 12, tRPC,
 * Hono, a Fastify validator compiler) uses them as they are. Each issue's `path` names the field
 * (`['origin']`, `[0, 'email']`) and its `message` the rule, worded as the SDK's own errors.
 */
import type { PassengerInput } from '../schemas/passenger.js';
import { SearchParamsSchema } from '../schemas/search.js';
import { z } from '../schemas/zod.js';
import type { PassengerContext } from './context.js';
import { validatePassengers } from './passengers.js';

/**
 * The input of `flights.search` (`SearchParams`), checked by the rules the client applies before
 * sending: IATA codes, dates not in the past, counts, round-trip rules. Its output is the input
 * with the defaults filled in (`adult_count` 1, `source` `'supplier_a'`, …), ready for
 * `fareway.flights.search`. A zod 4 schema: `searchInputSchema['~standard'].validate(body)`.
 */
export const searchInputSchema = SearchParamsSchema;

/** `passengers[1].ssr.meal[0]` → `[1, 'ssr', 'meal', 0]`: the path inside the list. */
function pathInList(path: string): PropertyKey[] {
  const out: PropertyKey[] = [];
  const token = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (let m = token.exec(path); m; m = token.exec(path))
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)));
  return out[0] === 'passengers' ? out.slice(1) : out;
}

/**
 * A schema of a passenger list (what `bookings.savePassengers` takes) with the rules that `context`
 * allows: with `{}` every rule that needs no booking (fields, formats, names, dates, documents,
 * the lead, contact, GST, SSR shapes); with the booking's context
 * (`passengerContextFromBooking(booking)`) also its passenger counts, `pax_rules`, supplier and
 * travel-date rules, as `savePassengers` checks them. The list passes through unchanged.
 */
export function passengersInputSchemaFor(context: PassengerContext = {}) {
  return z.custom<PassengerInput[]>().check(
    z.superRefine((value, ctx) => {
      for (const issue of validatePassengers(value, context).issues)
        ctx.addIssue({ code: 'custom', path: pathInList(issue.path), message: issue.message, input: value });
    }),
  );
}

/**
 * A passenger list (what `bookings.savePassengers` takes), checked by every rule that needs no
 * booking: fields, formats, names, dates of birth, documents, the one lead and its contact, GST,
 * SSR shapes. (`passengersInputSchemaFor(context)` adds the booking's counts and rules.) A zod 4
 * schema: `passengersInputSchema['~standard'].validate(body.passengers)`; an issue's path is
 * inside the list (`[0, 'email']`).
 */
// Pure: an app that does not import it does not carry it (bench/size).
export const passengersInputSchema = /* @__PURE__ */ passengersInputSchemaFor();
