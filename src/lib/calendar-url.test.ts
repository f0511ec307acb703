// The paste box's reading of a calendar address (shared with the server's 400s): webcal: taken
// as https:, the common wrong addresses recognised with the address to copy instead, and the
// hint that is all the app ever shows of a stored address.
import { describe, expect, it } from 'vitest';
import { calendarHttpError, calendarUrlHint, checkCalendarUrl } from './calendar-url';

describe('checkCalendarUrl', () => {
  it('takes https:, http: and webcal: (as https:) feed addresses', () => {
    expect(checkCalendarUrl(' webcal://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5 ')).toEqual({ ok: true, url: 'https://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5', provider: 'icloud' });
    expect(checkCalendarUrl('https://calendar.google.com/calendar/ical/me%40gmail.com/private-abc123/basic.ics')).toMatchObject({ ok: true, provider: 'google' });
    expect(checkCalendarUrl('https://outlook.office365.com/owa/calendar/a@b.com/xyz/calendar.ics')).toMatchObject({ ok: true, provider: 'outlook' });
    expect(checkCalendarUrl('https://calendar.proton.me/api/calendar/v1/url/abc/calendar.ics?CacheKey=x&PassphraseKey=y')).toMatchObject({ ok: true, provider: 'proton' });
    expect(checkCalendarUrl('https://cloud.example.org/remote.php/dav/public-calendars/AbCdEf?export')).toMatchObject({ ok: true, provider: 'nextcloud' });
    expect(checkCalendarUrl('https://user.fm/calendar/v1-abcdef/Personal.ics')).toMatchObject({ ok: true });
    expect(checkCalendarUrl('school.example/timetable.ics')).toMatchObject({ ok: true, url: 'https://school.example/timetable.ics' });
  });

  it('recognises a Google Calendar page and says which address to copy', () => {
    const page = checkCalendarUrl('https://calendar.google.com/calendar/u/0/r/week');
    expect(page).toMatchObject({ ok: false });
    expect(page.ok === false && page.message).toContain('Secret address in iCal format');
    const embed = checkCalendarUrl('https://calendar.google.com/calendar/embed?src=team%40example.com');
    expect(embed).toMatchObject({ ok: false, suggestion: 'https://calendar.google.com/calendar/ical/team%40example.com/public/basic.ics' });
  });

  it('recognises an Outlook HTML link and offers its ICS twin', () => {
    const html = checkCalendarUrl('https://outlook.office365.com/owa/calendar/a@b.com/xyz/calendar.html');
    expect(html).toMatchObject({ ok: false, suggestion: 'https://outlook.office365.com/owa/calendar/a@b.com/xyz/calendar.ics' });
    expect(html.ok === false && html.message).toContain('ICS link');
    expect(checkCalendarUrl('https://outlook.live.com/calendar/0/view/week')).toMatchObject({ ok: false });
  });

  it('refuses what is not a web address', () => {
    expect(checkCalendarUrl('')).toMatchObject({ ok: false });
    expect(checkCalendarUrl('ftp://x.example/cal.ics')).toMatchObject({ ok: false, message: 'Only https:, http: and webcal: addresses can be added.' });
    expect(checkCalendarUrl('https://me:pw@x.example/cal.ics')).toMatchObject({ ok: false });
  });
});

describe('calendarUrlHint', () => {
  it('shows the host and a short end of the path, never the secret parts', () => {
    expect(calendarUrlHint('https://calendar.google.com/calendar/ical/me%40gmail.com/private-0123456789abcdef0123/basic.ics')).toBe('calendar.google.com/…/basic.ics');
    expect(calendarUrlHint('https://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5MTIzNDU2Nzg5MTIzNDU2Nzg5')).toBe('p42-caldav.icloud.com/…/…');
    expect(calendarUrlHint('https://school.example/timetable.ics?token=abc')).toBe('school.example/…/timetable.ics');
  });
});

describe('calendarHttpError', () => {
  it('says what a status means, and spots Google’s public address of a private calendar', () => {
    expect(calendarHttpError(404, 'google', '/calendar/ical/me%40gmail.com/public/basic.ics')).toMatch(/^404: this looks like the public address/);
    expect(calendarHttpError(401, null, '/x.ics')).toMatch(/^401: the calendar refused access/);
    expect(calendarHttpError(503, null, '/x.ics')).toMatch(/^503: /);
  });
});
