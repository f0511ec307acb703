// The reader's currency region (UK or USA), kept in the browser (STORAGE_KEYS.region): chosen on
// the account page's Subscription section or by the landing page's upgrade intent; 'UK' until
// then (spec section 9). Every price shown to a signed-in person (the Subscription section, the
// limit dialogs) reads it here.
import { CURRENCIES, STORAGE_KEYS, type Country } from './constants';

export function isCountry(value: string | null | undefined): value is Country {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** The stored region, or 'UK'; 'UK' where there is no browser storage (server rendering). */
export function storedRegion(): Country {
  if (typeof window === 'undefined') return 'UK';
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.region);
    return isCountry(stored) ? stored : 'UK';
  } catch {
    return 'UK';
  }
}

export function saveRegion(country: Country): void {
  window.localStorage.setItem(STORAGE_KEYS.region, country);
}
