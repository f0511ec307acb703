// The reader's currency region (UK or USA), kept in the browser (STORAGE_KEYS.region): chosen on
// the account page's Subscription section or by the landing page's upgrade intent; 'UK' until
// then (spec section 9). Every price shown to a signed-in person (the Subscription section, the
// limit dialogs) reads it here.
import { CURRENCIES, STORAGE_KEYS, type Country } from './constants';
import { keptChoice } from './kept-choice';

export function isCountry(value: string | null | undefined): value is Country {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** The region until one is chosen (spec section 9), and what the server and a page's hydration show. */
export const DEFAULT_REGION: Country = 'UK';

const region = keptChoice<Country>(STORAGE_KEYS.region, (stored) => (isCountry(stored) ? stored : DEFAULT_REGION));

/** The stored region, or the default; the default where there is no browser storage (server rendering). */
export const storedRegion = region.read;

/** Keeps the choice in this browser and tells this tab's readers; false where storage refused it. */
export const saveRegion = region.save;

/** Calls `onChange` whenever the stored region changes, in this tab or another (for useSyncExternalStore). */
export const subscribeToRegion = region.subscribe;
