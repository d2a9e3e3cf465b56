/* eslint-disable @typescript-eslint/no-empty-object-type -- named types derived from their schemas: `interface X extends Fields<typeof XShape> {}` (ARCHITECTURE, "Each contract once") */
import { answer, type Fields } from './answer.js';
import { z } from './zod.js';

const AirportShape = z.looseObject({
  /** IATA code. */
  code: z.string(),
  city: z.nullish(z.string()),
  name: z.nullish(z.string()),
});
/** One airport of the typeahead (spec §4.9). */
export interface Airport extends Fields<typeof AirportShape> {}
export const AirportSchema: z.ZodMiniType<Airport> = AirportShape;

const AutocompleteResponseShape = z.looseObject({ results: z.array(AirportSchema) });
/** `GET /v1/airports/autocomplete/` response. */
export interface AutocompleteResponse extends Fields<typeof AutocompleteResponseShape> {}
export const AutocompleteResponseSchema: z.ZodMiniType<AutocompleteResponse> = AutocompleteResponseShape;
/** A malformed airport is dropped (and reported), not fatal. */
export const AutocompleteAnswer = answer(AutocompleteResponseSchema, { droppable: ['results.*'] });
