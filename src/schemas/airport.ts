import * as z from 'zod';

/** One airport of the typeahead (spec §4.9). */
export interface Airport {
  /** IATA code. */
  code: string;
  city?: string | null;
  name?: string | null;
}
export const AirportSchema: z.ZodType<Airport> = z.looseObject({
  code: z.string(),
  city: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});

/** `GET /v1/airports/autocomplete/` response. */
export interface AutocompleteResponse {
  results: Airport[];
}
export const AutocompleteResponseSchema: z.ZodType<AutocompleteResponse> = z.looseObject({ results: z.array(AirportSchema) });
