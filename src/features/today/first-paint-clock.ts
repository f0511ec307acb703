// Just start's clock from the first paint: on a cold load of /start (the app's shortcut, the mini
// timer, a reload) the server's HTML already shows the picked task, and this tiny script, inline
// right after the timer in that HTML (with the request's CSP nonce), starts the countdown there and
// then, before the page's code has been fetched and hydrated (on a mid-range phone that is a
// second or more). It marks the timer running and notes when it started; once hydrated, JustStart
// takes the clock over from that same start (`firstPaintStart`) and the script stops (the timer
// gets `data-live`). Written focus counts from that start: the person was working.
// No module state, no imports: shared by the server page (the script's text) and the browser.

/** The starter timer's element id. */
export const STARTER_TIMER_ID = 'starter-timer';

/** The inline script's text (the timer's `data-limit` is the starter's length in ms). */
export const FIRST_PAINT_CLOCK_SCRIPT = `(function(){var e=document.getElementById(${JSON.stringify(STARTER_TIMER_ID)});if(!e||e.hasAttribute('data-live'))return;var t=Date.now(),m=+e.getAttribute('data-limit')||600000;e.setAttribute('data-started-at',String(t));e.setAttribute('data-state','running');var p=function(n){return(n<10?'0':'')+n};var i=setInterval(function(){if(e.hasAttribute('data-live'))return clearInterval(i);var s=Math.max(0,Math.ceil((m-(Date.now()-t))/1000));e.textContent=p(Math.floor(s/60))+':'+p(s%60)},250)})();`;

/** When the first-paint clock started, if it ran on this page (and not so long ago that it is stale). */
export function firstPaintStart(): number | null {
  if (typeof document === 'undefined') return null;
  const at = Number(document.getElementById(STARTER_TIMER_ID)?.getAttribute('data-started-at'));
  return Number.isFinite(at) && at > 0 && at <= Date.now() && Date.now() - at < 10 * 60_000 ? at : null;
}
