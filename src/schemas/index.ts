export * from './common.js';
export * from './envelope.js';
export * from './airport.js';
export * from './search.js';
export * from './booking.js';
export * from './passenger.js';
export { iataCode, dateInput, dateTimeInput } from './inputs.js';
