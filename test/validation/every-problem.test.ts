/**
 * Every passenger problem at once (issue 25, item 3): the list's own problems (closed keys,
 * formats) and the rules that need the booking (supplier_a documents, ages on the travel dates,
 * GST all or none, duplicates, lead-only contact fields) in ONE RequestValidationError, and
 * nothing sent. Before, the guard threw the format problems alone and the rest came one fix later.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError, validatePassengers, type PassengerInput } from '../../src/index.js';
import { inDays, passengersFor, useSandbox } from '../helpers/sandbox.js';

const sbx = useSandbox({ seed: 25 });
const trip = (extra: Record<string, unknown> = {}) => ({
  origin: 'DEL',
  destination: 'BOM',
  preferred_departure_time: inDays(20),
  adult_count: 1,
  source: 'supplier_a' as const,
  ...extra,
});

async function refusal(p: Promise<unknown>): Promise<RequestValidationError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

const fields = (e: RequestValidationError) => e.issues.map((i) => i.path).sort();

/** One passenger, six problems: three the schema sees, three only the rules see. */
function sixProblems(p: PassengerInput): PassengerInput {
  return {
    ...p,
    email: 'x',
    first_name: '',
    passport_number: 'A1 2',
    passport_expiry: inDays(-30),
    nationality: 'India',
    contact_number: '12',
  };
}
const SIX = [
  'passengers[0].contact_number',
  'passengers[0].email',
  'passengers[0].first_name',
  'passengers[0].nationality',
  'passengers[0].passport_expiry',
  'passengers[0].passport_number',
];

describe('every passenger problem in one error', () => {
  it('savePassengers: a passenger with six problems gets six issues, and nothing is sent', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip());
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    sbx.control.clearRequests();
    const [lead] = passengersFor(results);
    const error = await refusal(fareway.bookings.savePassengers(booking, [sixProblems(lead!)]));
    expect(fields(error)).toEqual(SIX);
    expect(error.issues.find((i) => i.path === 'passengers[0].passport_expiry')?.message).toMatch(
      /^must be after the last travel date \d{4}-\d{2}-\d{2}$/,
    );
    expect(error.issues.find((i) => i.path === 'passengers[0].passport_number')?.message).toBe(
      'must be 5-20 letters or digits (no spaces)',
    );
    expect(sbx.control.requests()).toHaveLength(0);
  });

  it('bookFlight: the same six issues before the booking is created (no draft, no fare lock)', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip());
    sbx.control.clearRequests();
    const [lead] = passengersFor(results);
    const error = await refusal(
      fareway.bookFlight({
        selection: results.select(results.outbound[0]!),
        passengers: [sixProblems(lead!)],
      }),
    );
    expect(fields(error)).toEqual(SIX);
    expect(sbx.control.requests()).toHaveLength(0);
  });

  it('bookFlight applies what the selection knows before create: supplier_a documents, ages on the travel date', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip({ adult_count: 1, child_count: 1 }));
    sbx.control.clearRequests();
    const [lead, child] = passengersFor(results, { passports: false });
    const error = await refusal(
      fareway.bookFlight({
        selection: results.select(results.outbound[0]!),
        passengers: [
          { ...lead!, title: 'Dr' as 'Mr' },
          { ...child!, dob: inDays(-365 * 14) },
        ],
        requestOptions: { timeout: 0 },
      }),
    );
    expect(error.details).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^requestOptions\.timeout: /),
        'passengers[0].title: must be one of Mr, Ms, Mrs',
        'passengers[0].passport_number: required for supplier_a',
        'passengers[1].nationality: required for supplier_a',
        expect.stringMatching(
          /^passengers\[1\]\.dob: a child must be 2-11 on the travel date .*use pax_type adult$/,
        ),
      ]),
    );
    expect(sbx.control.requests()).toHaveLength(0);
  });

  it('two passengers with problems each: every issue, with passengers[0] and passengers[1] paths', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip({ adult_count: 2 }));
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    sbx.control.clearRequests();
    const [lead, second] = passengersFor(results);
    const list: PassengerInput[] = [
      { ...lead!, email: 'x', gst_number: '27AAPFU0939F1ZV' },
      {
        ...second!,
        first_name: lead!.first_name,
        dob: lead!.dob,
        title: 'Dr' as 'Mr',
        contact_number: '9876543210',
        passport_number: undefined as unknown as string,
        passport_expiry: undefined,
      },
    ];
    const error = await refusal(fareway.bookings.savePassengers(booking, list));
    expect(error.details).toEqual([
      'passengers[0].email: must be an email address',
      'passengers[0].gst_company_name: GST data is all or none: missing gst_company_name',
      'passengers[0].gst_company_address: GST data is all or none: missing gst_company_address',
      'passengers[0].gst_company_email: GST data is all or none: missing gst_company_email',
      'passengers[0].gst_company_contact_number: GST data is all or none: missing gst_company_contact_number',
      'passengers[1].title: must be one of Mr, Ms, Mrs',
      'passengers[1].passport_number: required for supplier_a',
      'passengers[1].passport_expiry: required for supplier_a',
      'passengers[1].contact_number: only the lead passenger may carry this field (lead only)',
      'passengers[1].first_name: duplicate of passengers[0] (same name and dob)',
    ]);
    expect(sbx.control.requests()).toHaveLength(0);
  });

  it('given only an id, every problem at once: one read of the booking, nothing sent (issue 31)', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip());
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    sbx.control.clearRequests();
    const [lead] = passengersFor(results, { passports: false });
    // This client made the search: it remembers the supplier, so the supplier_a rule runs too; the
    // read booking adds the age on the travel date (1.1 reported it one fix later).
    const error = await refusal(
      fareway.bookings.savePassengers(booking.booking_id, [
        { ...lead!, email: 'x', contact_number: '12', dob: inDays(-400) },
      ]),
    );
    expect(fields(error)).toEqual([
      'passengers[0].contact_number',
      'passengers[0].dob',
      'passengers[0].email',
      'passengers[0].nationality',
      'passengers[0].passport_expiry',
      'passengers[0].passport_number',
    ]);
    expect(sbx.control.requests().map((r) => r.endpoint)).toEqual(['retrieve']);
  });

  it('an is_lead that is not a boolean is its only issue: no guessed "no lead" or "lead only" issues', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip());
    const booking = await fareway.bookings.create(results.select(results.outbound[0]!));
    const [lead] = passengersFor(results);
    const error = await refusal(
      fareway.bookings.savePassengers(booking, [{ ...lead!, is_lead: 'true' as unknown as boolean }]),
    );
    expect(error.details).toEqual(['passengers[0].is_lead: must be true or false']);
  });

  it('validatePassengers: an unreadable is_lead does not also give "found 0" nor "lead only" issues', () => {
    const base = { title: 'Ms', last_name: 'Rao', gender: 'female', dob: '1990-01-01' } as const;
    const r = validatePassengers(
      [
        { ...base, first_name: 'Asha', pax_type: 'adult', is_lead: 'yes', email: 'a@example.com' },
        { ...base, first_name: 'Mira', pax_type: 'adult', is_lead: false },
      ],
      { today: '2026-05-01' },
    );
    expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'passengers[0].is_lead: must be true or false',
    ]);
  });

  it('validatePassengers: an entry that is not an object gives its issue, not guessed counts or leads', () => {
    const r = validatePassengers(
      [
        42,
        {
          title: 'Ms',
          first_name: 'Asha',
          last_name: 'Rao',
          gender: 'female',
          pax_type: 'infant',
          dob: '2026-01-01',
          is_lead: false,
        },
      ],
      { today: '2026-05-01', pax_count: { adult: 1, child: 0, infant: 1 } },
    );
    expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'passengers[0]: must be a passenger object',
    ]);
  });

  it('bookFlight with a bare { trace_id, result_indices } judges ages once the booking has dates, not on today', async () => {
    const fareway = sbx.client();
    const results = await fareway.flights.search(trip({ child_count: 1 }));
    const [lead, child] = passengersFor(results);
    // 1 today, 2 on the travel date 20 days ahead: a child on the flight.
    const list = [lead!, { ...child!, dob: inDays(-720) }];
    const out = results.outbound[0]!;
    const { booking } = await fareway.bookFlight({
      selection: { trace_id: results.trace_id, result_indices: [out.result_index] },
      passengers: list,
    });
    expect(booking.status).toBe('confirmed');
  });
});
