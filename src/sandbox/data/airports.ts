/**
 * About fifty real airports: the Indian domestic network plus the international airports Indian
 * partners sell most. Coordinates drive flight durations; `tz` (minutes east of UTC, standard
 * time, no DST) turns a departure into a local arrival time.
 */

/** One airport of the sandbox's world. */
export interface AirportData {
  code: string;
  city: string;
  /** Metropolitan city code; differs from `code` where a city has several airports. */
  cityCode: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
  tz: number;
  terminals: readonly string[];
}

type Row = [
  code: string,
  city: string,
  name: string,
  country: string,
  lat: number,
  lon: number,
  tz: number,
  terminals: string,
  cityCode?: string,
];

const IN = 'India';
// prettier-ignore
const ROWS: Row[] = [
  ['DEL', 'New Delhi', 'Indira Gandhi International Airport', IN, 28.56, 77.1, 330, '1,2,3'],
  ['BOM', 'Mumbai', 'Chhatrapati Shivaji Maharaj International Airport', IN, 19.09, 72.87, 330, '1,2'],
  ['BLR', 'Bengaluru', 'Kempegowda International Airport', IN, 13.2, 77.71, 330, '1,2'],
  ['MAA', 'Chennai', 'Chennai International Airport', IN, 12.99, 80.17, 330, '1,4'],
  ['CCU', 'Kolkata', 'Netaji Subhas Chandra Bose International Airport', IN, 22.65, 88.45, 330, '1,2'],
  ['HYD', 'Hyderabad', 'Rajiv Gandhi International Airport', IN, 17.24, 78.43, 330, '1'],
  ['GOI', 'Goa', 'Dabolim Airport', IN, 15.38, 73.83, 330, '1'],
  ['GOX', 'Goa', 'Manohar International Airport', IN, 15.74, 73.86, 330, '1', 'GOI'],
  ['COK', 'Kochi', 'Cochin International Airport', IN, 10.15, 76.4, 330, '1,3'],
  ['AMD', 'Ahmedabad', 'Sardar Vallabhbhai Patel International Airport', IN, 23.07, 72.63, 330, '1,2'],
  ['PNQ', 'Pune', 'Pune Airport', IN, 18.58, 73.92, 330, '1'],
  ['JAI', 'Jaipur', 'Jaipur International Airport', IN, 26.82, 75.81, 330, '1,2'],
  ['LKO', 'Lucknow', 'Chaudhary Charan Singh International Airport', IN, 26.76, 80.89, 330, '2,3'],
  ['TRV', 'Thiruvananthapuram', 'Trivandrum International Airport', IN, 8.48, 76.92, 330, '1,2'],
  ['IXC', 'Chandigarh', 'Chandigarh International Airport', IN, 30.67, 76.79, 330, '1'],
  ['GAU', 'Guwahati', 'Lokpriya Gopinath Bordoloi International Airport', IN, 26.11, 91.59, 330, '1'],
  ['PAT', 'Patna', 'Jay Prakash Narayan International Airport', IN, 25.59, 85.09, 330, '1'],
  ['BBI', 'Bhubaneswar', 'Biju Patnaik International Airport', IN, 20.24, 85.82, 330, '1,2'],
  ['SXR', 'Srinagar', 'Sheikh ul-Alam International Airport', IN, 33.99, 74.77, 330, '1'],
  ['IXB', 'Bagdogra', 'Bagdogra Airport', IN, 26.68, 88.33, 330, '1'],
  ['VNS', 'Varanasi', 'Lal Bahadur Shastri International Airport', IN, 25.45, 82.86, 330, '1'],
  ['NAG', 'Nagpur', 'Dr. Babasaheb Ambedkar International Airport', IN, 21.09, 79.05, 330, '1'],
  ['IDR', 'Indore', 'Devi Ahilya Bai Holkar Airport', IN, 22.72, 75.8, 330, '1'],
  ['ATQ', 'Amritsar', 'Sri Guru Ram Dass Jee International Airport', IN, 31.71, 74.8, 330, '1'],
  ['IXE', 'Mangaluru', 'Mangaluru International Airport', IN, 12.96, 74.89, 330, '1'],
  ['CJB', 'Coimbatore', 'Coimbatore International Airport', IN, 11.03, 77.04, 330, '1'],
  ['DXB', 'Dubai', 'Dubai International Airport', 'United Arab Emirates', 25.25, 55.36, 240, '1,2,3'],
  ['AUH', 'Abu Dhabi', 'Zayed International Airport', 'United Arab Emirates', 24.43, 54.65, 240, 'A'],
  ['DOH', 'Doha', 'Hamad International Airport', 'Qatar', 25.27, 51.61, 180, '1'],
  ['MCT', 'Muscat', 'Muscat International Airport', 'Oman', 23.59, 58.28, 240, '1'],
  ['SIN', 'Singapore', 'Singapore Changi Airport', 'Singapore', 1.36, 103.99, 480, '1,2,3,4'],
  ['KUL', 'Kuala Lumpur', 'Kuala Lumpur International Airport', 'Malaysia', 2.75, 101.71, 480, '1,2'],
  ['BKK', 'Bangkok', 'Suvarnabhumi Airport', 'Thailand', 13.69, 100.75, 420, '1'],
  ['HKG', 'Hong Kong', 'Hong Kong International Airport', 'Hong Kong', 22.31, 113.91, 480, '1'],
  ['NRT', 'Tokyo', 'Narita International Airport', 'Japan', 35.77, 140.39, 540, '1,2', 'TYO'],
  ['LHR', 'London', 'Heathrow Airport', 'United Kingdom', 51.47, -0.45, 0, '2,3,4,5', 'LON'],
  ['CDG', 'Paris', 'Charles de Gaulle Airport', 'France', 49.01, 2.55, 60, '1,2E,2F', 'PAR'],
  ['FRA', 'Frankfurt', 'Frankfurt Airport', 'Germany', 50.04, 8.56, 60, '1,2'],
  ['AMS', 'Amsterdam', 'Amsterdam Airport Schiphol', 'Netherlands', 52.31, 4.76, 60, '1'],
  ['IST', 'Istanbul', 'Istanbul Airport', 'Türkiye', 41.26, 28.74, 180, '1'],
  ['JFK', 'New York', 'John F. Kennedy International Airport', 'United States', 40.64, -73.78, -300, '1,4,8', 'NYC'],
  ['EWR', 'Newark', 'Newark Liberty International Airport', 'United States', 40.69, -74.17, -300, 'B,C', 'NYC'],
  ['SFO', 'San Francisco', 'San Francisco International Airport', 'United States', 37.62, -122.38, -480, 'I,G'],
  ['YYZ', 'Toronto', 'Toronto Pearson International Airport', 'Canada', 43.68, -79.63, -300, '1,3', 'YTO'],
  ['SYD', 'Sydney', 'Sydney Kingsford Smith Airport', 'Australia', -33.95, 151.18, 600, '1'],
  ['MEL', 'Melbourne', 'Melbourne Airport', 'Australia', -37.67, 144.84, 600, '2'],
  ['CMB', 'Colombo', 'Bandaranaike International Airport', 'Sri Lanka', 7.18, 79.88, 330, '1'],
  ['KTM', 'Kathmandu', 'Tribhuvan International Airport', 'Nepal', 27.7, 85.36, 345, 'I'],
  ['DAC', 'Dhaka', 'Hazrat Shahjalal International Airport', 'Bangladesh', 23.84, 90.4, 360, '1,2'],
  ['MLE', 'Malé', 'Velana International Airport', 'Maldives', 4.19, 73.53, 300, '1'],
];

/** Every airport the sandbox knows, by IATA code. */
export const AIRPORTS: ReadonlyMap<string, AirportData> = new Map(
  ROWS.map(([code, city, name, country, lat, lon, tz, terminals, cityCode]) => [
    code,
    { code, city, name, country, lat, lon, tz, terminals: terminals.split(','), cityCode: cityCode ?? code },
  ]),
);

/** The airport with this code, if the sandbox knows it. */
export function airport(code: string): AirportData | undefined {
  return AIRPORTS.get(code.toUpperCase());
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: AirportData, b: AirportData): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Both airports in India: the spec's `is_domestic`. */
export function isDomestic(a: AirportData, b: AirportData): boolean {
  return a.country === IN && b.country === IN;
}

/**
 * Autocomplete: case-insensitive prefix match on code, city or name (or any word of them, so
 * "shivaji" finds BOM). Queries under two characters match nothing (spec §4.9).
 */
export function searchAirports(q: string): Array<{ code: string; city: string; name: string }> {
  const query = q.trim().toLowerCase();
  if (query.length < 2) return [];
  const hits: AirportData[] = [];
  for (const a of AIRPORTS.values()) {
    const fields = [a.code, a.city, a.name].map((s) => s.toLowerCase());
    if (fields.some((f) => f.startsWith(query) || f.split(/[\s-]+/).some((w) => w.startsWith(query))))
      hits.push(a);
  }
  // Exact code hits first, so "del" puts DEL above "Delhi"-named airports elsewhere.
  hits.sort((x, y) => Number(y.code.toLowerCase() === query) - Number(x.code.toLowerCase() === query));
  return hits.map((a) => ({ code: a.code, city: a.city, name: a.name }));
}
