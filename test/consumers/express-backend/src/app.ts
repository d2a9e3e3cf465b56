// A partner's booking API on Fareway (Express 5): search, hold, passengers, confirm, get, list.
// Search and hold are different HTTP requests, often on different instances: each option carries
// a selection token, and the token alone comes back to /holds (no cache, no sticky sessions).
import express, { type ErrorRequestHandler } from 'express';
import type { Fareway, PassengerInput } from 'fareway';
import { toHttpAnswer } from 'fareway/http';

export function createApp(fareway: Fareway): express.Express {
  const app = express();
  app.use(express.json());

  // One-way search; each option gets a token for /holds (it carries the fare and the deadline).
  app.post('/search', async (req, res) => {
    const { origin, destination, date, adults = 1 } = req.body;
    const results = await fareway.flights.search({
      origin,
      destination,
      preferred_departure_time: date,
      adult_count: adults,
    });
    const options = await Promise.all(
      results.outbound.map(async (option) => ({
        token: await fareway.flights.selectionToken(results.select(option)),
        flights: option.segments.map((s) => `${s.airline.code} ${s.airline.flight_number}`),
        departs: option.segments[0]?.origin.departure_time,
        stops: option.stop_count,
        fare: option.pricing.final_fare,
      })),
    );
    res.json({ options });
  });

  // Hold: the token becomes a Selection again (on any instance), and create locks the fare.
  app.post('/holds', async (req, res) => {
    const selection = await fareway.flights.selectionFromToken(req.body.token);
    const booking = await fareway.bookings.create(selection);
    res.status(201).json({
      booking_id: booking.booking_id,
      fare: booking.pricing.final_fare,
      hold_expires_at: booking.deadline?.expiresAt.toISOString(),
    });
  });

  app.put('/holds/:id/passengers', async (req, res) => {
    const passengers = req.body.passengers as PassengerInput[];
    const saved = await fareway.bookings.savePassengers(req.params.id, passengers);
    res.json({ booking_id: req.params.id, duplicates_found: saved.duplicates_found });
  });

  // Confirm with the price guard: book only at the fare the traveller agreed to (`expected_fare`).
  // If reprice moved it, book throws PriceChangedError and nothing is booked (fareway/http: 409
  // with the new fare); the traveller accepts it by confirming again with that fare.
  app.post('/holds/:id/confirm', async (req, res) => {
    const id = req.params.id;
    await fareway.bookings.reprice(id);
    const done = await fareway.bookings.book(id, { expectedFinalFare: Number(req.body.expected_fare) });
    res.json({ booking_id: id, status: done.status, pnr: done.pnr });
  });

  app.get('/bookings/:id', async (req, res) => {
    const b = await fareway.bookings.retrieve(req.params.id);
    res.json({ booking_id: b.booking_id, status: b.status, pnr: b.pnr, fare: b.pricing.final_fare });
  });

  app.get('/bookings', async (req, res) => {
    const page = await fareway.bookings.list({ limit: Number(req.query.limit ?? 20) });
    res.json({
      count: page.count,
      bookings: page.results.map((b) => ({ booking_id: b.id, status: b.status })),
    });
  });

  // Every Fareway error becomes an answer of this API (fareway/http: status, Retry-After, a body
  // `{ error: { code, message, ...ids } }` with no key, passenger data or error text); the rest
  // is a plain 500. Log what the traveller is not shown (the error's own code and ids).
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const answer = toHttpAnswer(err);
    if (answer.status >= 500) console.error('request failed', err.code ?? err.name, err.ids);
    res.status(answer.status).set(answer.headers).json(answer.body);
  };
  app.use(onError);
  return app;
}
