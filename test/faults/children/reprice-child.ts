// Child process of test/faults/reprice-two-processes.test.ts (issue 31, item 1): a stateless
// handler in a process of its own, sharing nothing with the process that held the fare but the API
// key and booking ids. For each job of FW_JOBS ([{ url, key, cell, booking }]) a fresh client
// reprices the booking (through the fault proxy; `cell` names its plan), then follows the
// documented low-level pattern: price_changed → ask the traveller (here: stop); otherwise book
// with expectedFinalFare = the repriced fare. Prints one JSON line per job: what it saw and did.
import { Fareway } from '../../../src/index.ts';

interface Job {
  url: string;
  key: string;
  cell: string;
  booking: string;
}

async function run(job: Job): Promise<Record<string, unknown>> {
  const fareway = new Fareway({
    apiKey: job.key,
    baseUrl: job.url,
    logger: null,
    timeout: 1_500,
    rateLimits: false,
    retryBackoff: { baseDelayMs: 5, maxDelayMs: 20 },
    defaultHeaders: { 'x-fault-cell': job.cell },
  });
  try {
    const id = job.booking;
    const { pricing } = await fareway.bookings.reprice(id);
    const seen = {
      price_changed: pricing.price_changed,
      previous_total_amount: pricing.previous_total_amount,
      final_fare: pricing.final_fare,
    };
    if (pricing.price_changed) return { ...seen, asked: true };
    const booked = await fareway.bookings.book(id, { expectedFinalFare: pricing.final_fare });
    return { ...seen, asked: false, booked_at: booked.pricing?.final_fare };
  } catch (error) {
    const e = error as Error & { code?: string };
    return { error: e.name, code: e.code, message: e.message };
  } finally {
    await fareway.close();
  }
}

for (const job of JSON.parse(process.env.FW_JOBS ?? '[]') as Job[])
  console.log(JSON.stringify(await run(job)));
