import * as z from 'zod';

/** One airport of the typeahead (spec §4.9). */
export const AirportSchema = z.looseObject({
  code: z.string(),
  city: z.string(),
  name: z.string(),
});
export type Airport = z.infer<typeof AirportSchema>;

/** `GET /v1/airports/autocomplete/` response. */
export const AutocompleteResponseSchema = z.looseObject({ results: z.array(AirportSchema) });
export type AutocompleteResponse = z.infer<typeof AutocompleteResponseSchema>;
