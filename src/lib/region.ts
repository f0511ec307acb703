// The reader's currency region (UK or USA), kept in the browser (STORAGE_KEYS.region): chosen on
// the account page's Subscription section or by the landing page's upgrade intent; 'UK' until
// then (spec section 9). Every price shown to a signed-in person (the Subscription section, the
// limit dialogs) reads it here.
import { CURRENCIES, STORAGE_KEYS, type Country } from './constants';

export function isCountry(value: string | null | undefined): value is Country {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** The region until one is chosen (spec section 9), and what the server and a page's hydration show. */
export const DEFAULT_REGION: Country = 'UK';

/** A choice saved in this tab (the `storage` event tells only the other tabs). */
const REGION_CHANGED = 'onething:region';

/** The stored region, or the default; the default where there is no browser storage (server rendering). */
export function storedRegion(): Country {
  if (typeof window === 'undefined') return DEFAULT_REGION;
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.region);
    return isCountry(stored) ? stored : DEFAULT_REGION;
  } catch {
    return DEFAULT_REGION;
  }
}

/** Keeps the choice in this browser (throws where storage is refused) and tells this tab's readers. */
export function saveRegion(country: Country): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.region, country);
  } finally {
    window.dispatchEvent(new Event(REGION_CHANGED));
  }
}

/** Calls `onChange` whenever the stored region changes, in this tab or another (for useSyncExternalStore). */
export function subscribeToRegion(onChange: () => void): () => void {
  window.addEventListener(REGION_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(REGION_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}
