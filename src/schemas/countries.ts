/**
 * ISO 3166-1 alpha-2 country codes, for a passenger's `nationality` and `country_code` (spec §2:
 * "ISO country code", "ISO 2-letter"). One string of the 249 assigned codes (the list of tzdata's
 * iso3166.tab, 2024): about 500 bytes, 300 gzipped, in the main entry, where an object per country
 * would cost kilobytes. `XK` (Kosovo: user-assigned, but what the EU, IATA and passports use) is
 * accepted as well.
 */
import { z } from './zod.js';

const CODES =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZ' +
  'DEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISIT' +
  'JEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNG' +
  'NINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTH' +
  'TJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZWXK';

/** Codes people write for a country whose ISO code is another (the UK's is GB, Greece's GR). */
const INSTEAD: Record<string, string> = { UK: 'GB', EL: 'GR', EN: 'GB' };

/** True for an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  for (let i = 0; i < CODES.length; i += 2) if (CODES[i] === code[0] && CODES[i + 1] === code[1]) return true;
  return false;
}

/** The issue message for a code that is two letters but no country's: with the likely one. */
export function countryCodeMessage(code: string): string {
  const hint = INSTEAD[code.toUpperCase()];
  return `must be an ISO 3166-1 alpha-2 country code${hint ? ` (did you mean ${hint}?)` : ''}`;
}

/** A country code field: two letters that name a country, sent upper-case. */
export function countryCodeSchema() {
  return z.pipe(
    z.string().check(
      z.regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code (2 letters)'),
      z.refine((s: string) => !/^[A-Za-z]{2}$/.test(s) || isCountryCode(s.toUpperCase()), {
        error: (issue) => countryCodeMessage(String(issue.input)),
        abort: true,
      }),
    ),
    z.transform((s: string) => s.toUpperCase()),
  );
}
