/**
 * Carriers the generator flies. `hubs` are where its connections go through; `country` decides
 * which international routes it can fly nonstop (a route touching its home country).
 */

/** One airline of the sandbox's world. */
export interface AirlineData {
  code: string;
  name: string;
  country: string;
  hubs: readonly string[];
  /** Flies domestic Indian sectors. */
  domestic: boolean;
  /** Flight numbers are drawn from this range. */
  numbers: readonly [number, number];
}

/** Every carrier of the sandbox. */
// prettier-ignore
export const AIRLINES: readonly AirlineData[] = [
  { code: '6E', name: 'IndiGo', country: 'India', hubs: ['DEL', 'BOM', 'BLR', 'HYD'], domestic: true, numbers: [100, 6999] },
  { code: 'AI', name: 'Air India', country: 'India', hubs: ['DEL', 'BOM'], domestic: true, numbers: [100, 999] },
  { code: 'UK', name: 'Vistara', country: 'India', hubs: ['DEL', 'BOM'], domestic: true, numbers: [800, 999] },
  { code: 'SG', name: 'SpiceJet', country: 'India', hubs: ['DEL'], domestic: true, numbers: [100, 8999] },
  { code: 'QP', name: 'Akasa Air', country: 'India', hubs: ['BOM', 'BLR'], domestic: true, numbers: [1100, 1899] },
  { code: 'IX', name: 'Air India Express', country: 'India', hubs: ['COK', 'BLR'], domestic: true, numbers: [100, 2999] },
  { code: 'EK', name: 'Emirates', country: 'United Arab Emirates', hubs: ['DXB'], domestic: false, numbers: [500, 599] },
  { code: 'EY', name: 'Etihad Airways', country: 'United Arab Emirates', hubs: ['AUH'], domestic: false, numbers: [200, 299] },
  { code: 'QR', name: 'Qatar Airways', country: 'Qatar', hubs: ['DOH'], domestic: false, numbers: [500, 599] },
  { code: 'WY', name: 'Oman Air', country: 'Oman', hubs: ['MCT'], domestic: false, numbers: [200, 299] },
  { code: 'SQ', name: 'Singapore Airlines', country: 'Singapore', hubs: ['SIN'], domestic: false, numbers: [400, 499] },
  { code: 'TG', name: 'Thai Airways', country: 'Thailand', hubs: ['BKK'], domestic: false, numbers: [300, 399] },
  { code: 'CX', name: 'Cathay Pacific', country: 'Hong Kong', hubs: ['HKG'], domestic: false, numbers: [600, 699] },
  { code: 'BA', name: 'British Airways', country: 'United Kingdom', hubs: ['LHR'], domestic: false, numbers: [100, 299] },
  { code: 'LH', name: 'Lufthansa', country: 'Germany', hubs: ['FRA'], domestic: false, numbers: [700, 799] },
  { code: 'AF', name: 'Air France', country: 'France', hubs: ['CDG'], domestic: false, numbers: [200, 299] },
  { code: 'KL', name: 'KLM', country: 'Netherlands', hubs: ['AMS'], domestic: false, numbers: [800, 899] },
  { code: 'TK', name: 'Turkish Airlines', country: 'Türkiye', hubs: ['IST'], domestic: false, numbers: [700, 799] },
  { code: 'UL', name: 'SriLankan Airlines', country: 'Sri Lanka', hubs: ['CMB'], domestic: false, numbers: [100, 199] },
];
