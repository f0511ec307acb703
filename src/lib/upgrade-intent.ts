// The upgrade intent a visitor leaves on the landing page when they choose Plus: kept in the
// browser (STORAGE_KEYS.upgradeIntent) across sign-up, then honoured once (read and cleared) by
// whoever starts the checkout after the account exists.
import { z } from 'zod';
import { CURRENCIES, STORAGE_KEYS, type Country } from './constants';

export const ZUpgradeIntent = z.object({
  plan: z.literal('plus'),
  country: z.enum(Object.keys(CURRENCIES) as [Country, ...Country[]]),
});
export type TUpgradeIntent = z.infer<typeof ZUpgradeIntent>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function serializeUpgradeIntent(country: Country): string {
  return JSON.stringify({ plan: 'plus', country } satisfies TUpgradeIntent);
}

export function parseUpgradeIntent(raw: string | null | undefined): TUpgradeIntent | null {
  if (!raw) return null;
  try {
    const parsed = ZUpgradeIntent.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
