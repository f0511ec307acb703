// What a person pastes into "Add a calendar": the feed's address (https:, http: or webcal:),
// or one of the common wrong addresses (a calendar's web page rather than its ICS address), for
// which the paste box says exactly which address to copy instead. Shared by the paste box (live)
// and the server (the 400's message), so both say the same thing.

export type CalendarUrlCheck =
  | { ok: true; url: string; provider: CalendarProvider | null }
  | { ok: false; message: string; suggestion?: string };

export type CalendarProvider = 'google' | 'outlook' | 'icloud' | 'proton' | 'nextcloud' | 'fastmail';

const GOOGLE_HOW = 'In Google Calendar open Settings, pick the calendar, and under "Integrate calendar" copy "Secret address in iCal format" (it ends in basic.ics).';
const OUTLOOK_HOW = 'In Outlook open Settings → Calendar → Shared calendars → Publish a calendar, and copy the ICS link (it ends in calendar.ics), not the HTML one.';

function providerOf(url: URL): CalendarProvider | null {
  const host = url.hostname.toLowerCase();
  if (host === 'calendar.google.com' || host === 'www.google.com') return 'google';
  if (host.endsWith('outlook.office365.com') || host.endsWith('outlook.live.com') || host.endsWith('outlook.office.com')) return 'outlook';
  if (host.endsWith('icloud.com')) return 'icloud';
  if (host.endsWith('proton.me')) return 'proton';
  if (host.endsWith('fastmail.com') || host.endsWith('messagingengine.com')) return 'fastmail';
  if (url.pathname.includes('/remote.php/dav/') || url.searchParams.has('export')) return 'nextcloud';
  return null;
}

/** Checks a pasted calendar address; `url` is the https:/http: address to fetch. */
export function checkCalendarUrl(input: string): CalendarUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: 'Paste the calendar’s address (it usually ends in .ics).' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return { ok: false, message: 'This is not a web address. Paste the calendar’s address (it usually ends in .ics).' };
  }
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:') url = new URL(`https:${trimmed.slice(trimmed.indexOf(':') + 1)}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: 'Only https:, http: and webcal: addresses can be added.' };
  if (url.username || url.password) return { ok: false, message: 'Paste the address without a user name or password in it.' };
  const provider = providerOf(url);
  const path = url.pathname;

  if (provider === 'google' && !path.includes('/calendar/ical/')) {
    // The embed page names the calendar: its public address can be given directly.
    const src = url.searchParams.get('src') ?? url.searchParams.get('cid');
    const suggestion = src && /^[^/\s]+@[^/\s]+$/.test(src) ? `https://calendar.google.com/calendar/ical/${encodeURIComponent(src)}/public/basic.ics` : undefined;
    return {
      ok: false,
      message: `This is Google Calendar’s web page, not the calendar’s address. ${GOOGLE_HOW}`,
      ...(suggestion && { suggestion }),
    };
  }
  if (provider === 'outlook' && /\.html?$/i.test(path)) {
    return { ok: false, message: `This is Outlook’s HTML link (a web page). ${OUTLOOK_HOW}`, suggestion: `${url.origin}${path.replace(/\.html?$/i, '.ics')}${url.search}` };
  }
  if (provider === 'outlook' && /\/(calendar|mail)\/?$/i.test(path.replace(/\/(view|0)\/.*$/, '/calendar'))) {
    return { ok: false, message: `This is Outlook’s calendar page, not the calendar’s address. ${OUTLOOK_HOW}` };
  }
  if (provider === 'icloud' && url.hostname.toLowerCase() === 'www.icloud.com') {
    return { ok: false, message: 'This is the iCloud web page. In the Calendar app, share the calendar as a Public Calendar and copy its address (it starts with webcal://p…-caldav.icloud.com).' };
  }
  return { ok: true, url: url.toString(), provider };
}

/** What may be shown of a feed's address: its host and the end of its path, never the secret parts. */
export function calendarUrlHint(value: string): string {
  try {
    const url = new URL(value);
    const last = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
    const tail = last.length > 24 || /[0-9a-f]{16,}/i.test(last) ? (last.includes('.') ? `…${last.slice(last.lastIndexOf('.'))}` : '…') : last;
    return `${url.host}/…${tail ? `/${tail}` : ''}`;
  } catch {
    return 'calendar';
  }
}

/** What a failed fetch means for a person, by HTTP status and provider. */
export function calendarHttpError(status: number, provider: CalendarProvider | null, pathname: string): string {
  if ((status === 401 || status === 403 || status === 404) && provider === 'google' && pathname.includes('/public/')) {
    return `${status}: this looks like the public address of a calendar that is not public. ${GOOGLE_HOW}`;
  }
  if (status === 401 || status === 403) return `${status}: the calendar refused access. The address may have been reset, or it is not a shared (published) address.`;
  if (status === 404 || status === 410) return `${status}: there is no calendar at this address any more. It may have been deleted or its link reset.`;
  if (status === 429) return '429: the calendar server asks to slow down; the next refresh will try again.';
  if (status >= 500) return `${status}: the calendar server has a problem; the next refresh will try again.`;
  return `${status}: the calendar server did not give the calendar.`;
}
