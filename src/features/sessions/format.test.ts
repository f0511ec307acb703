// The sessions page writes moments as luxon's formats did ("Sun, Nov 22, 2026 at 9:30 AM"), now
// with the platform's Intl alone (no luxon in /sessions' first load: src/lib/zoned.test.ts).
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { startTimeLabel } from './format';

it('a session’s start reads as luxon wrote it, in every zone and at every hour', () => {
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Santiago']) {
    for (let ms = Date.UTC(2025, 0, 1, 0, 5); ms < Date.UTC(2027, 0, 1); ms += 5 * 3_600_000 + 17 * 60_000) {
      const iso = new Date(ms).toISOString();
      expect(startTimeLabel(iso, zone)).toBe(DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat("ccc, LLL d, yyyy 'at' h:mm a"));
    }
  }
});
