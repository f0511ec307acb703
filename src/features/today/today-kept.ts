// "Keep anyway", the Today card's choice when more is planned than the time left, holds for the
// day it was chosen, in a cookie: the server reads it with the dashboard and draws the card's
// choices (./TodayOverChoices.tsx) exactly as the browser will, so nothing appears or goes after
// the first paint (the stats and lists below would move).

export const TODAY_KEPT_COOKIE = 'onething-today-kept';

/** Remembers "Keep anyway" for `date` (the day's YYYY-MM-DD) in this browser, for two days at most. */
export function keepToday(date: string): void {
  document.cookie = `${TODAY_KEPT_COOKIE}=${date}; path=/; max-age=172800; samesite=lax`;
}

/** Forgets it (signing out: the next account in this browser has its own day). */
export function forgetTodayKept(): void {
  if (typeof document !== 'undefined') document.cookie = `${TODAY_KEPT_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
