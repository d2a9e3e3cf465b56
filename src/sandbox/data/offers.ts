/**
 * The shapes of generated flight content: prices, legs, fare families, offers and what a search
 * asks for. Types only, shared by the generator and the leg builder (legs.ts), so neither imports
 * the other's types back.
 */
import type { AirportData } from './airports.js';

/** Pre-markup amounts for all passengers of a search, in INR. */
export interface RawPrice {
  base_fare: number;
  tax_and_surcharge: number;
  service_fee: number;
  published_fare: number;
  final_fare: number;
}

/** A flown leg: the segments between a journey's origin and destination in one direction. */
export interface LegData {
  direction: 'outbound' | 'inbound';
  stop_count: number;
  segments: Array<Record<string, unknown>>;
}

/** Fare family attributes shared by options and itinerary items. */
export interface FareMeta {
  is_refundable: boolean;
  fare_name: string;
  fare_class: string;
  airline_remark: string | null;
  group_id: number;
}

/** A bookable offer: what a `result_index` stands for. */
export interface Offer extends FareMeta {
  result_index: string;
  legs: LegData[];
  raw: RawPrice;
}

/** What a search asks the generator for. */
export interface GenerateInput {
  seed: number;
  origin: AirportData;
  destination: AirportData;
  departDate: string;
  returnDate?: string;
  pax: { adult: number; child: number; infant: number };
  cabin: string;
  direct: boolean;
  source: string;
  style: 'coupled' | 'independent' | null;
  optionCount: number;
  inboundOptionCount: number;
  /** Draws result indices; one per trace. */
  ids: () => string;
}
