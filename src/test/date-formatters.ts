// Notes the zone of every Intl.DateTimeFormat made from now on (restore with vi.restoreAllMocks):
// a page's first one is the platform's costly set-up, so the tests count where the code makes one.
import { vi } from 'vitest';

export function spyOnDateFormatters(): unknown[] {
  const made: unknown[] = [];
  const Real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    made.push(args[1]?.timeZone);
    return new Real(...args);
  } as unknown as typeof Intl.DateTimeFormat);
  return made;
}
