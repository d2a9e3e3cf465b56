/**
 * Passenger data kept out of error JSON and log lines by default: the personal fields of a
 * passenger (names, date of birth, documents, contact, address, GST, frequent-flyer number) and
 * whole `passengers` lists (a list entry's passenger shape is "not shown" by the spec, so nothing
 * in one is trusted to be harmless). Applied to parsed values by key and to text (a body that was
 * cut and never parsed) by its JSON fragments. What is redacted keeps its place and says so, so a
 * log still shows what the answer looked like. The error objects keep everything (`err.body` is
 * the body as it came): only their JSON and the SDK's log lines are redacted.
 */

/** Personal fields of a passenger (spec §2 Passenger) and the usual names of the same data. */
const PERSONAL =
  /^(first_?name|last_?name|middle_?name|full_?name|(pax_|passenger_|lead_pax_|traveller_)?name|dob|date_?of_?birth|birth_?date|passport(_?(number|no|expiry|issue_date|issuing_country))?|email|e_?mail_?address|contact_?number|phone(_?number)?|mobile|cell_country_code|address_line_(one|two)|address|city|gst_number|gst_company_\w+|frequent_flyer_number)$/i;

/** The key whose value is a whole list of passengers. */
const LISTS = /^(passengers|passenger_details|pax_details|travellers|travelers)$/i;

export const REDACTED = '[redacted]';

/** True for a key whose value is passenger data. */
export function isPassengerKey(key: string): boolean {
  return PERSONAL.test(key) || LISTS.test(key);
}

/** A key under which `name` is not a person's (an airline's, an airport's, a fare's). */
const NAMED_THINGS = /^(airline|origin|destination|fare|segment|airport|city)$/i;

/**
 * `value` with passenger data replaced, at any depth of plain objects and arrays (Errors and
 * class instances are left to their own `toJSON`). `parent` is the key `value` sits under.
 */
export function redactPassengerData(value: unknown, parent = '', depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => redactPassengerData(v, parent, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = redactedEntry(k, v, parent) ?? redactPassengerData(v, k, depth + 1);
  return out;
}

/**
 * What `value` under `key` (in an object under `parent`) is replaced by when it is passenger
 * data; undefined when it is not.
 */
export function redactedEntry(key: string, value: unknown, parent: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (LISTS.test(key)) return Array.isArray(value) ? `${REDACTED} (${value.length} passengers)` : REDACTED;
  if (PERSONAL.test(key) && !(key === 'name' && NAMED_THINGS.test(parent))) return REDACTED;
  return undefined;
}

const QUOTED_KEY = /"((?:[^"\\]|\\.){1,64})"\s*:\s*/g;

/**
 * Text that may hold JSON (a cut body, a message quoting one): each `"personal key": value` and
 * each `"passengers": [...]` (to its closing bracket, or to the end when the text was cut) becomes
 * `"key":"[redacted]"`. Text without a quoted key is returned as it is.
 */
export function redactText(text: string): string {
  if (!text.includes('"')) return text;
  let out = '';
  let from = 0;
  QUOTED_KEY.lastIndex = 0;
  for (let m = QUOTED_KEY.exec(text); m; m = QUOTED_KEY.exec(text)) {
    const key = m[1]!;
    if (!isPassengerKey(key)) continue;
    const start = m.index + m[0].length;
    const end = endOfValue(text, start);
    out += `${text.slice(from, m.index)}"${key}":"${REDACTED}"`;
    from = end;
    QUOTED_KEY.lastIndex = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Where the JSON value starting at `i` ends (the text's end when it was cut). */
function endOfValue(text: string, i: number): number {
  const first = text[i];
  if (first === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
    return text.length;
  }
  if (first === '[' || first === '{') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === '"') {
        for (j++; j < text.length && text[j] !== '"'; j++) if (text[j] === '\\') j++;
      } else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  const stop = /[,}\]\s]/.exec(text.slice(i));
  return stop ? i + stop.index : text.length;
}
