// The upgrade intent a visitor leaves on the landing page when they choose Plus: kept in the
// browser (STORAGE_KEYS.upgradeIntent) across sign-up, then honoured once (read and cleared) by
// whoever starts the checkout after the account exists. Checked by hand rather than with zod, so
// the landing page's pricing does not carry zod (≈30 kB gzip) in its first load.
import { CURRENCIES, STORAGE_KEYS, type Country } from './constants';

export type TUpgradeIntent = { plan: 'plus'; country: Country };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function serializeUpgradeIntent(country: Country): string {
  return JSON.stringify({ plan: 'plus', country } satisfies TUpgradeIntent);
}

export function parseUpgradeIntent(raw: string | null | undefined): TUpgradeIntent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { plan, country } = value as Record<string, unknown>;
    // Only the two known fields come back, as zod's object parsing did.
    if (plan !== 'plus' || typeof country !== 'string' || !Object.hasOwn(CURRENCIES, country)) return null;
    return { plan: 'plus', country: country as Country };
  } catch {
    return null;
  }
}

export function saveUpgradeIntent(storage: StorageLike, country: Country): void {
  storage.setItem(STORAGE_KEYS.upgradeIntent, serializeUpgradeIntent(country));
}

export function readUpgradeIntent(storage: StorageLike): TUpgradeIntent | null {
  return parseUpgradeIntent(storage.getItem(STORAGE_KEYS.upgradeIntent));
}

/** Read it once: it is cleared so a later sign-in does not start a second checkout. */
export function takeUpgradeIntent(storage: StorageLike): TUpgradeIntent | null {
  const intent = readUpgradeIntent(storage);
  storage.removeItem(STORAGE_KEYS.upgradeIntent);
  return intent;
}
