import { z } from './zod.js';

/** One airport of the typeahead (spec §4.9). */
export interface Airport {
  /** IATA code. */
  code: string;
  city?: string | null;
  name?: string | null;
}
export const AirportSchema: z.ZodMiniType<Airport> = z.looseObject({
  code: z.string(),
  city: z.nullish(z.string()),
  name: z.nullish(z.string()),
});

/** `GET /v1/airports/autocomplete/` response. */
export interface AutocompleteResponse {
  results: Airport[];
}
export const AutocompleteResponseSchema: z.ZodMiniType<AutocompleteResponse> = z.looseObject({ results: z.array(AirportSchema) });
