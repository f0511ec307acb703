'use client';
// The focus screen's controls: the top bar (the session's name, Alerts on/off for a timer or
// pomodoro, and the slot where the header's extras go: ./HeaderExtras) and the bottom bar
// (Start/Pause for the timed modes, Quit Session), shown 3 s on load, while pointed at or
// focused, and hidden 300 ms after the pointer leaves.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { BOTTOM_BAR_HIDE_MS, BOTTOM_BAR_SHOW_MS } from '@/lib/session-constants';
import type { TFocusSession } from '@/lib/schemas/session';
import { chooseAlerts } from './completion';
import { Icon } from './Icon';
import type { SessionClock } from './useSessionClock';

export function SessionTopBar({ session, alerts, onAlertsChange }: { session: TFocusSession; alerts: boolean; onAlertsChange: (on: boolean) => void }) {
  const timed = session.displayMode === 'timer' || session.displayMode === 'pomodoro';
  return (
    <div className="fs-top">
      <div className="min-w-0">
        <h1 className="fs-name">{session.sessionName}</h1>
      </div>
      <div className="fs-row">
        {timed ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={alerts}
            title="A soft chime and a notification when a timer or pomodoro phase ends"
            onClick={async () => {
              const on = !alerts;
              // Asked politely: only now, after the person chose alerts, never on load; the
              // answer comes before alerts switch on, so the push subscription can follow it.
              await chooseAlerts(on);
              onAlertsChange(on);
            }}
          >
            <Icon name={alerts ? 'bell' : 'bell-off'} />
            {alerts ? 'Alerts on' : 'Alerts off'}
          </Button>
        ) : null}
        {/* Mini timer, Full screen and Keep screen on (./HeaderExtras). */}
        <span id="fs-header-extras" className="contents" />
      </div>
    </div>
  );
}

/** Start/Pause (timed modes only) and Quit Session. */
export function BottomBar({ clock, onQuit }: { clock: SessionClock; onQuit: () => void }) {
  const [visible, setVisible] = useState(true);
  const [focused, setFocused] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hideAfter = useCallback((ms: number) => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), ms);
  }, []);

  useEffect(() => {
    hideAfter(BOTTOM_BAR_SHOW_MS);
    return () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    };
  }, [hideAfter]);

  const shown = visible || focused;
  return (
    <div
      data-testid="session-bottom-bar-zone"
      className="fs-bar-zone"
      onPointerEnter={() => {
        if (hideTimer.current) clearTimeout(hideTimer.current);
        setVisible(true);
      }}
      onPointerLeave={() => hideAfter(BOTTOM_BAR_HIDE_MS)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div role="toolbar" aria-label="Session controls" data-visible={shown} className="fs-bar">
        {clock.config !== null ? (
          <Button variant="secondary" onClick={clock.toggle}>
            {clock.running ? <Icon name="pause" /> : <Icon name="play" />}
            {clock.running ? 'Pause' : 'Start'}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onQuit}>
          Quit Session
        </Button>
      </div>
    </div>
  );
}
