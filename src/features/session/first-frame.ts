// The focus clock's first frame, drawn before the page's code has arrived: the server's HTML has
// the screen's frame (./FirstFrame.tsx: the session's name, the clock's place, its label) and,
// right after the clock, this script inline (with the request's CSP nonce), which reads what only
// the browser knows — the clock's stored state (local storage), the tab's current session
// (session storage) and the time — and writes the label, the time and the line under it before
// the first paint. So the clock, the screen's largest paint, no longer waits for the whole bundle
// to be fetched and hydrated (Lighthouse's /session LCP was 3.1-3.2 s). Once hydrated, the screen
// (./FocusView) draws the same clock in its place.
//
// The rule is lib/timer.ts's (snapshot, settle, formatClock) and ./clock-face.ts's, written again
// here because the script cannot import: it is this one function's own text (no module state, no
// imports, nothing from outside its body), and src/features/session/first-frame.test.ts checks it
// against those modules state by state. Where the screen would do more than that rule (a pomodoro
// held for its break) the script draws nothing and the screen draws the clock as before.

/** The frame's clock element id. */
export const FIRST_FRAME_ID = 'fs-first-frame';

export interface FirstFrameArgs {
  id: string;
  sessionId: string;
  /** /session: draw only if the tab's current session (session storage) is this one. */
  checkCurrent: boolean;
  mode: 'clock' | 'clock-date' | 'timer' | 'stopwatch' | 'pomodoro';
  timerMinutes: number | null;
  workMinutes: number;
  breakMinutes: number;
  /** Storage keys (lib/session-constants.ts). */
  stateKey: string;
  currentKey: string;
  optionsKey: string;
  /** The clock modes' label (DISPLAY_MODE_LABELS), and their Intl formats (./clock-face.ts). */
  clockLabel: string;
  timeFormat: Intl.DateTimeFormatOptions;
  dateFormat: Intl.DateTimeFormatOptions;
  /**
   * The current task's card and Up next (./FirstFrame.tsx), drawn by the server from its own read:
   * shown only when this tab has nothing the server could not see. `writesKey`: local storage's mark
   * of writes kept offline (src/features/offline/worker-client.ts), which the screen shows over
   * the server's tasks; offline, the page may be the worker's older copy. `zone`: the account's, for
   * the due dates (`dueFormats`, by the `data-ff-due` elements' `data-ff-fmt`), written in the
   * browser's locale as the screen writes them.
   */
  writesKey: string;
  zone: string | null;
  dueFormats: Record<string, Intl.DateTimeFormatOptions>;
}

export interface FirstFrameFace {
  label: string;
  main: string;
  sub: string | null;
  paused: boolean;
}

/**
 * Draws the first frame (in the browser, as the inline script), or, given `env`, only says what
 * it would draw (the tests). Null: nothing to draw here (the screen will).
 */
export function drawFirstFrame(a: FirstFrameArgs, env?: { local: { getItem(key: string): string | null }; session: { getItem(key: string): string | null }; now: number }): FirstFrameFace | null {
  try {
    const local = env ? env.local : window.localStorage;
    const now = env ? env.now : Date.now();
    if (a.checkCurrent && (env ? env.session : window.sessionStorage).getItem(a.currentKey) !== a.sessionId) return hide();
    const pad = function (n: number) {
      return (n < 10 ? '0' : '') + n;
    };
    const clock = function (ms: number, up: boolean) {
      const t = Math.max(0, up ? Math.ceil(ms / 1000) : Math.floor(ms / 1000));
      const h = Math.floor(t / 3600);
      return (h > 0 ? h + ':' : '') + pad(Math.floor((t % 3600) / 60)) + ':' + pad(t % 60);
    };
    const mins = function (v: number | null, fallback: number) {
      return typeof v === 'number' && isFinite(v) && v > 0 ? v : fallback;
    };
    let accumulated = 0;
    let since: number | null = now;
    if (a.mode !== 'clock' && a.mode !== 'clock-date') {
      const raw = local.getItem(a.stateKey);
      // Opened for the first time: the clock starts now, as the person sees it (the state the
      // screen would write on opening, ./useSessionClock.ts; it finds this one and goes on from it).
      if (!raw && !env) window.localStorage.setItem(a.stateKey, JSON.stringify({ accumulatedMs: 0, runningSince: now }));
      if (raw) {
        const stored = JSON.parse(raw);
        if (typeof stored.accumulatedMs !== 'number' || stored.accumulatedMs < 0 || (stored.runningSince != null && typeof stored.runningSince !== 'number')) return hide();
        accumulated = stored.accumulatedMs;
        since = stored.runningSince == null ? null : stored.runningSince;
      }
      // A pomodoro held at its break: the screen's own code knows where (ClockExtras).
      if (a.mode === 'pomodoro' && JSON.parse(local.getItem(a.optionsKey) || '{}')?.breakPrompt === true) return hide();
    }
    const faceAt = function (at: number): FirstFrameFace {
      if (a.mode === 'clock' || a.mode === 'clock-date') {
        const date = new Date(at);
        return {
          label: a.clockLabel,
          main: new Intl.DateTimeFormat(undefined, a.timeFormat).format(date),
          sub: a.mode === 'clock-date' ? new Intl.DateTimeFormat(undefined, a.dateFormat).format(date) : null,
          paused: false,
        };
      }
      const elapsed = accumulated + (since === null ? 0 : Math.max(0, at - since));
      const running = since !== null;
      if (a.mode === 'stopwatch') return { label: 'Stopwatch', main: clock(elapsed, false), sub: null, paused: !running };
      if (a.mode === 'timer') {
        const duration = mins(a.timerMinutes, 25) * 60000;
        const ended = elapsed >= duration;
        return { label: ended ? 'Time’s up' : 'Timer', main: clock(Math.max(0, duration - elapsed), true), sub: null, paused: !running && !ended };
      }
      const work = mins(a.workMinutes, 25) * 60000;
      const rest = mins(a.breakMinutes, 5) * 60000;
      const cycles = Math.floor(elapsed / (work + rest));
      const position = elapsed - cycles * (work + rest);
      const inBreak = position >= work;
      return {
        label: inBreak ? 'Break' : 'Work',
        main: clock(inBreak ? work + rest - position : work - position, true),
        sub: 'Round ' + (cycles + 1) + ' · ' + (inBreak ? a.breakMinutes + ' min break' : a.workMinutes + ' min focus'),
        paused: !running,
      };
    };
    if (env) return faceAt(now);
    const frame = document.getElementById(a.id);
    const label = frame?.querySelector('[data-ff="label"]');
    const main = frame?.querySelector('[data-ff="main"]');
    const sub = frame?.querySelector('[data-ff="sub"]');
    if (!frame || !label || !main || !sub) return null;
    // Both come hidden in the HTML, so that nothing of them is painted before this script has
    // decided (the parser may let the browser paint before it reaches the script): the frame on
    // /session (this tab's session checked above), the tasks where the tab knows nothing more than the server.
    frame.removeAttribute('hidden');
    const tasks = frame.querySelector('[data-ff="tasks"]');
    if (tasks && navigator.onLine && local.getItem(a.writesKey) === null) {
      tasks.removeAttribute('hidden');
      {
        const made: Record<string, Intl.DateTimeFormat> = {};
        const dueOf = function (which: string) {
          const options = a.dueFormats[which] || {};
          if (!made[which]) {
            try {
              made[which] = new Intl.DateTimeFormat(undefined, a.zone ? Object.assign({}, options, { timeZone: a.zone }) : options);
            } catch {
              // A zone this browser does not know: the device's, as the screen does (lib/local-format.ts).
              made[which] = new Intl.DateTimeFormat(undefined, options);
            }
          }
          return made[which];
        };
        tasks.querySelectorAll('[data-ff-due]').forEach(function (element) {
          element.textContent = dueOf(element.getAttribute('data-ff-fmt') || '').format(new Date(element.getAttribute('data-ff-due') || ''));
        });
      }
    }
    const draw = function (face: FirstFrameFace) {
      label.textContent = face.label;
      if (face.paused) {
        const badge = document.createElement('span');
        badge.className = 'fs-badge';
        badge.textContent = 'Paused';
        label.appendChild(badge);
      }
      main.textContent = face.main;
      if (face.sub) {
        sub.textContent = face.sub;
        sub.removeAttribute('hidden');
      }
    };
    const first = faceAt(now);
    draw(first);
    // It keeps time until the screen's own clock replaces it (the frame leaves the document).
    const ticking = setInterval(function () {
      if (!frame.isConnected) return clearInterval(ticking);
      draw(faceAt(Date.now()));
    }, 1000);
    return first;
  } catch {
    return hide();
  }
  function hide(): null {
    if (!env) {
      const frame = typeof document === 'undefined' ? null : document.getElementById(a.id);
      if (frame) frame.setAttribute('hidden', '');
    }
    return null;
  }
}

/** The inline script's text: the function above, called with this session's arguments. */
export function firstFrameScript(args: FirstFrameArgs): string {
  return `(${drawFirstFrame.toString()})(${JSON.stringify(args).replace(/</g, '\\u003c')})`;
}
