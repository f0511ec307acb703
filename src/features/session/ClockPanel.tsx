'use client';
// The focus screen's clock: its label, the time (the screen's largest paint), the line under it
// and the progress track. Its extras (time-left disc, end time, overtime, cues, break hold, the
// tab's title: ./ClockExtras) are asked for from the frame after the clock is first painted.
import { afterNextPaint, lazyUntilOpen } from '@/components/lazy';
import { clockSizes } from '@/lib/clock-sizes';
import type { TFocusSession } from '@/lib/schemas/session';
import { clockFace } from './clock-face';
import type { ClockExtrasProps } from './ClockExtras';
import type { SessionClock } from './useSessionClock';

const ClockExtras = lazyUntilOpen<ClockExtrasProps>(() =>
  afterNextPaint()
    .then(() => import('./ClockExtras'))
    .then((module) => module.ClockExtras),
);

export function ClockPanel({ clock, session }: { clock: SessionClock; session: TFocusSession }) {
  const { snap } = clock;
  const { main, label, sub, paused } = clockFace(clock, session);

  return (
    <section aria-label="Clock" className="fs-clock">
      <p className="fs-clock-label">
        {label}
        {paused ? <span className="fs-badge">Paused</span> : null}
      </p>
      <p role="timer" aria-label={`${label}: ${main}`} className="tabular fs-time" style={{ fontSize: clockSizes.clock }}>
        {main}
      </p>
      {sub ? (
        <p className="text-muted" style={{ fontSize: clockSizes.date }}>
          {sub}
        </p>
      ) : null}
      {/* The bar's fill comes with ClockExtras (its track holds the place). */}
      {snap && snap.remainingMs !== null ? <div aria-hidden className="fs-progress" /> : null}
      {snap ? <ClockExtras open clock={clock} session={session} /> : null}
    </section>
  );
}
