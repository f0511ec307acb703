// Leaving the signed-in app for good (signed out here or elsewhere): a full page load, so no
// screen, cache or timer of the old account survives in memory. Only the first call counts.
let leaving = false;

export function isLeaving(): boolean {
  return leaving;
}

export function leaveTo(url: string): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(url);
}
