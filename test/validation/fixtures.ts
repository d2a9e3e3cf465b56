import type { Booking } from '../../src/schemas/booking.js';
import type { PassengerInput } from '../../src/schemas/passenger.js';
import type { PassengerContext } from '../../src/validation/passengers.js';

/** "Today" for every test, so ages and expiries never drift. */
export const TODAY = '2026-05-01';

function segment(origin: string, destination: string, dep: string, arr: string, flight: string) {
  return {
    airline: { code: '6E', name: 'IndiGo', flight_number: flight, fare_class: 'R' },
    origin: { airport_code: origin, city_name: origin, terminal: '1', departure_time: dep },
    destination: { airport_code: destination, city_name: destination, terminal: null, arrival_time: arr },
    cabin_class: 'economy',
    duration_minutes: 130,
    ground_time_minutes: 0,
    baggage_allowance: '15 KG',
    cabin_baggage_allowance: '7 KG',
    seats_available: 9,
  };
}

const pricing = {
  currency: 'INR',
  base_fare: 9000,
  service_fee: 150,
  tax_and_surcharge: 1800,
  published_fare: 10950,
  final_fare: 11498,
  previous_total_amount: null,
  price_changed: false,
  markup_percent: 5,
};

/** Domestic round trip DEL→BOM→GOI (10 June) and GOI→DEL (20 June), supplier_b, 2 adults + 1 child. */
export const createBookingResponse = {
  booking_id: '7a1c1c52-5f0e-4c4e-9d43-0c7f3f1b2a10',
  trace_id: 'b3f0a0f8-3a51-4d7c-8a8e-7f0f1e2d3c4b',
  itinerary_code: 'ITN7QX',
  status: 'draft',
  is_domestic: true,
  pax_count: { adult: 2, child: 1, infant: 0 },
  expires_at: '2026-05-01T10:30:00',
  remaining_seconds: 1200,
  pricing,
  pax_rules: {
    leadPax: {
      email: { isVisible: true, isMandatoryIfVisible: true },
      contactNumber: { isVisible: true, isMandatoryIfVisible: true },
      gstNumber: { isVisible: true, isMandatoryIfVisible: false },
      passportNumber: { isVisible: false, isMandatoryIfVisible: true },
    },
    adult: {
      dateOfBirth: { isVisible: true, isMandatoryIfVisible: true },
      nationality: { isVisible: true, isMandatoryIfVisible: false },
    },
  },
  itinerary_items: [
    {
      item_code: 'IT1',
      result_index: 'r-out',
      journey_type: 'one_way',
      is_refundable: true,
      fare_name: 'Saver',
      fare_class: 'R',
      airline_remark: null,
      legs: [
        {
          direction: 'outbound',
          stop_count: 1,
          segments: [
            segment('DEL', 'BOM', '2026-06-10T06:00:00', '2026-06-10T08:10:00', '6E 2001'),
            segment('BOM', 'GOI', '2026-06-10T10:00:00', '2026-06-10T11:15:00', '6E 5301'),
          ],
        },
      ],
    },
    {
      item_code: 'IT2',
      result_index: 'r-in',
      journey_type: 'one_way',
      is_refundable: true,
      fare_name: 'Saver',
      fare_class: 'R',
      airline_remark: null,
      legs: [
        {
          direction: 'outbound',
          stop_count: 0,
          segments: [segment('GOI', 'DEL', '2026-06-20T18:00:00', '2026-06-20T20:40:00', '6E 6102')],
        },
      ],
    },
  ],
} satisfies Partial<Booking>;

/** GET of an international round trip DEL⇄DXB (overnight arrival), 1 adult + 1 infant: no pax_rules. */
export const retrieveResponse = {
  booking_id: '0b8e4f6a-2d7c-4e1b-a3f5-9c8d7e6f5a4b',
  trace_id: 'c4d5e6f7-0000-4111-8222-933344445555',
  itinerary_code: 'ITN9ZZ',
  status: 'draft',
  pnr: null,
  is_domestic: false,
  passport_required: true,
  pax_count: { adult: 1, child: 0, infant: 1 },
  pricing,
  itinerary_items: [
    {
      item_code: 'IT1',
      result_index: 'r-rt',
      journey_type: 'round_trip',
      is_refundable: false,
      fare_name: null,
      fare_class: null,
      airline_remark: null,
      legs: [
        {
          direction: 'outbound',
          stop_count: 0,
          segments: [segment('DEL', 'DXB', '2026-07-01T23:30:00', '2026-07-02T01:45:00', 'EK 511')],
        },
        {
          direction: 'inbound',
          stop_count: 0,
          segments: [segment('DXB', 'DEL', '2026-07-15T03:00:00', '2026-07-15T08:00:00', 'EK 510')],
        },
      ],
    },
  ],
} satisfies Partial<Booking>;

/** Context of the domestic supplier_b booking. */
export const domesticB: PassengerContext = {
  supplier: 'supplier_b',
  is_domestic: true,
  passport_required: false,
  pax_count: { adult: 2, child: 1, infant: 0 },
  pax_rules: createBookingResponse.pax_rules,
  firstTravelDate: '2026-06-10',
  lastTravelDate: '2026-06-20',
  sectors: [
    { origin: 'DEL', destination: 'BOM' },
    { origin: 'BOM', destination: 'GOI' },
    { origin: 'GOI', destination: 'DEL' },
  ],
  today: TODAY,
};

export const lead = (over: Partial<PassengerInput> | Record<string, unknown> = {}): PassengerInput =>
  ({
    title: 'Mr',
    first_name: 'Arjun',
    last_name: 'Mehta',
    gender: 'male',
    pax_type: 'adult',
    dob: '1985-03-14',
    is_lead: true,
    email: 'arjun.mehta@example.com',
    contact_number: '9876543210',
    cell_country_code: '91',
    ...over,
  }) as PassengerInput;

export const adult2 = (over: Partial<PassengerInput> | Record<string, unknown> = {}): PassengerInput =>
  ({
    title: 'Mrs',
    first_name: 'Priya',
    last_name: 'Mehta',
    gender: 'female',
    pax_type: 'adult',
    dob: '1987-11-02',
    is_lead: false,
    ...over,
  }) as PassengerInput;

export const child = (over: Partial<PassengerInput> | Record<string, unknown> = {}): PassengerInput =>
  ({
    title: 'Ms',
    first_name: 'Anaya',
    last_name: 'Mehta',
    gender: 'female',
    pax_type: 'child',
    dob: '2018-08-20',
    is_lead: false,
    ...over,
  }) as PassengerInput;

/** Born 2024-09-01: 1 on 10 June 2026, still 1 on 20 June. */
export const infant = (over: Partial<PassengerInput> | Record<string, unknown> = {}): PassengerInput =>
  ({
    title: 'Mr',
    first_name: 'Vihaan',
    last_name: 'Mehta',
    gender: 'male',
    pax_type: 'infant',
    dob: '2024-09-01',
    is_lead: false,
    ...over,
  }) as PassengerInput;

export const passport = (number = 'Z1234567', expiry = '2031-01-31') => ({
  passport_number: number,
  passport_expiry: expiry,
  passport_issue_date: '2025-01-15',
  nationality: 'IN',
});

/** The valid domestic supplier_b list: lead + second adult + child. */
export const domesticList = (): PassengerInput[] => [lead(), adult2(), child()];

export const GST = {
  gst_number: '27AAPFU0939F1ZV',
  gst_company_name: 'Mehta Traders Pvt Ltd',
  gst_company_address: '12 MG Road, Pune',
  gst_company_email: 'accounts@mehtatraders.example',
  gst_company_contact_number: '02012345678',
};
