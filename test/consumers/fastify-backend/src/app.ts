// A partner's booking API on Fareway (Fastify 5): search, hold, passengers, confirm, get. Search
// and hold are two HTTP requests, often on two instances: each option carries a selection token,
// and the token alone comes back to /holds (no cache, no sticky sessions).
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { FarewayError, type FarewayOptions, type PassengerInput } from 'fareway';
import { toHttpAnswer } from 'fareway/http';
import { farewayPlugin } from './fareway-plugin.ts';

type Id = { Params: { id: string } };

export async function buildApp(
  farewayOptions: FarewayOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions);
  await app.register(farewayPlugin, { options: farewayOptions });

  // Every Fareway error becomes an answer of this API through fareway/http's one table: passenger
  // problems 422, a moved price or an expired fare 409, "busy" 503 with Retry-After, the service's
  // refusals never 500. Anything else goes on to Fastify's own handler.
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof FarewayError)) throw error;
    const answer = toHttpAnswer(error);
    if (answer.status >= 500 && answer.status !== 503)
      request.log.error({ code: error.code, ids: error.ids });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });

  // One-way search; each option gets a token for /holds (it carries the fare and the deadline).
  app.post<{ Body: { origin: string; destination: string; date: string; adults?: number } }>(
    '/search',
    async (request) => {
      const { origin, destination, date, adults = 1 } = request.body;
      const results = await app.fareway.flights.search({
        origin,
        destination,
        preferred_departure_time: date,
        adult_count: adults,
      });
      const options = await Promise.all(
        results.outbound.map(async (option) => ({
          token: await app.fareway.flights.selectionToken(results.select(option)),
          flights: option.segments.map((s) => `${s.airline.code} ${s.airline.flight_number}`),
          stops: option.stop_count,
          fare: option.pricing.final_fare,
        })),
      );
      return { options };
    },
  );

  // Hold: the token becomes a Selection again (on any instance), and create locks the fare.
  app.post<{ Body: { token: string } }>('/holds', async (request, reply) => {
    const selection = await app.fareway.flights.selectionFromToken(request.body.token);
    const booking = await app.fareway.bookings.create(selection);
    return reply.code(201).send({
      booking_id: booking.booking_id,
      fare: booking.pricing.final_fare,
      hold_expires_at: booking.deadline?.expiresAt.toISOString(),
    });
  });

  app.put<Id & { Body: { passengers: PassengerInput[] } }>('/holds/:id/passengers', async (request) => {
    const { id } = request.params;
    const saved = await app.fareway.bookings.savePassengers(id, request.body.passengers);
    return { booking_id: id, duplicates_found: saved.duplicates_found };
  });

  // Confirm with the price guard: book only at the fare the traveller agreed to. A moved fare is
  // PriceChangedError (409 with the new fare) and books nothing; confirming again with it books.
  app.post<Id & { Body: { expected_fare: number } }>('/holds/:id/confirm', async (request) => {
    const { id } = request.params;
    await app.fareway.bookings.reprice(id);
    const done = await app.fareway.bookings.book(id, {
      expectedFinalFare: Number(request.body.expected_fare),
    });
    return { booking_id: id, status: done.status, pnr: done.pnr };
  });

  app.get<Id>('/bookings/:id', async (request) => {
    const b = await app.fareway.bookings.retrieve(request.params.id);
    return { booking_id: b.booking_id, status: b.status, pnr: b.pnr, fare: b.pricing.final_fare };
  });
  return app;
}
