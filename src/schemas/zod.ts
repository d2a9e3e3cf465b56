import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * The one door to zod in the SDK: `zod/mini` with zod's English messages. Classic zod costs an
 * app's bundle about 26 KiB gzipped (its `toJSONSchema` machinery stays reachable); mini is the
 * same engine without it. Mini ships with no messages ("Invalid input" for everything), and the
 * SDK's errors quote zod's English ones, so English is installed here, before any schema parses,
 * exactly as classic zod does it: only when no locale is set yet (an app's own choice stands).
 * `en` by name: `z.locales` would pull every language into the bundle.
 */
if (!z.config().localeError) z.config(en());

export { z };
