// The partner's booking API: search, hold, passengers, confirm, get. Search and hold are two HTTP
// requests, often on two instances: each option carries a selection token, and the token alone
// comes back to /holds (no cache, no sticky sessions). Fareway's errors go to the exception filter.
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import type { Fareway, PassengerInput } from 'fareway';
import { FAREWAY } from './fareway.module.js';

interface SearchBody {
  origin: string;
  destination: string;
  date: string;
  adults?: number;
}

@Controller()
export class BookingsController {
  constructor(@Inject(FAREWAY) private readonly fareway: Fareway) {}

  // One-way search; each option gets a token for /holds (it carries the fare and the deadline).
  @Post('search')
  @HttpCode(200)
  async search(@Body() body: SearchBody) {
    const results = await this.fareway.flights.search({
      origin: body.origin,
      destination: body.destination,
      preferred_departure_time: body.date,
      adult_count: body.adults ?? 1,
    });
    const options = await Promise.all(
      results.outbound.map(async (option) => ({
        token: await this.fareway.flights.selectionToken(results.select(option)),
        flights: option.segments.map((s) => `${s.airline.code} ${s.airline.flight_number}`),
        stops: option.stop_count,
        fare: option.pricing.final_fare,
      })),
    );
    return { options };
  }

  // Hold: the token becomes a Selection again (on any instance), and create locks the fare.
  @Post('holds')
  async hold(@Body('token') token: string) {
    const selection = await this.fareway.flights.selectionFromToken(token);
    const booking = await this.fareway.bookings.create(selection);
    return {
      booking_id: booking.booking_id,
      fare: booking.pricing.final_fare,
      hold_expires_at: booking.deadline?.expiresAt.toISOString(),
    };
  }

  @Put('holds/:id/passengers')
  async passengers(@Param('id') id: string, @Body('passengers') passengers: PassengerInput[]) {
    const saved = await this.fareway.bookings.savePassengers(id, passengers);
    return { booking_id: id, duplicates_found: saved.duplicates_found };
  }

  // Confirm with the price guard: book only at the fare the traveller agreed to. A moved fare is
  // PriceChangedError (409 with the new fare) and books nothing; confirming again with it books.
  @Post('holds/:id/confirm')
  @HttpCode(200)
  async confirm(@Param('id') id: string, @Body('expected_fare') expectedFare: number) {
    await this.fareway.bookings.reprice(id);
    const done = await this.fareway.bookings.book(id, { expectedFinalFare: Number(expectedFare) });
    return { booking_id: id, status: done.status, pnr: done.pnr };
  }

  @Get('bookings/:id')
  async get(@Param('id') id: string) {
    const b = await this.fareway.bookings.retrieve(id);
    return { booking_id: b.booking_id, status: b.status, pnr: b.pnr, fare: b.pricing.final_fare };
  }
}
