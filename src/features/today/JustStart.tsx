'use client';
// Just start: a 10-minute starter on one task. One task, picked with a line saying why, and
// "Something else" to re-roll; only its first step (its first open subtask, else its own
// first-step line, else a neutral starter: firstStepOf in src/lib/just-start.ts), and "Next step"
// once that is ticked (the next open subtask, else a line to keep going; a ticked first-step line
// stays on the task, a ticked subtask is completed). At 10 minutes: keep going (overtime) or stop
// here. The focused time counts on the task either way (POST /api/tasks/{id}/focus, in small
// writes that work offline: ./use-focus-writes.ts). No streaks, no scores, nothing about quitting.
//
// Fast on purpose (under 3 s from the tap to a running timer on a phone; bench/just-start.mjs):
// from the dashboard the timer runs from the tap, on the pick made from the dashboard's own list
// (`startedAt`, `tasks`), and the server's pick (`confirm`, streamed with the page) follows: it
// adds the free time to the why, or, when it differs, takes over while nothing has been done yet.
// From the app's shortcut or the mini timer the page arrives with the server's pick, and the clock
// runs from the first paint (./first-paint-clock.ts); the page takes it over, from the same start,
// once hydrated. Reads and writes: ./just-start-picks.ts (offline too).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AppLink } from '@/components/AppLink';
import { Button, buttonClass } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { NEXT_BIT_LINE, STARTER_MINUTES, type StarterPick } from '@/lib/just-start';
import type { TTaskOutput } from '@/lib/schemas/task';
import { formatMinutes } from '@/lib/minutes';
import { formatClock } from '@/lib/timer';
import { firstPaintStart, STARTER_TIMER_ID } from './first-paint-clock';
import { completeStep, fetchNext, followingStep, keepOpenTasks } from './just-start-picks';
import { useFocusWrites } from './use-focus-writes';

const stepOf = (pick: StarterPick | null) => ({ text: pick?.firstStep ?? '', taskId: pick?.firstStepTaskId ?? null, ticked: false });

type Phase = 'running' | 'choice' | 'overtime' | 'stopped';

type Props = {
  /** The pick to show first (null: ask for one). */
  initial: StarterPick | null;
  /** From the dashboard's tap: when the timer started (the tap), and the open tasks the pick came from. */
  tapped?: { startedAt: number; tasks: TTaskOutput[] };
  /** The server's pick, arriving after the first render (with `tapped`). */
  confirm?: Promise<StarterPick | null>;
  /** In the server's HTML: the script that runs the clock from the first paint (./first-paint-clock.ts). */
  clockScript?: ReactNode;
};

export function JustStart({ initial, tapped, confirm, clockScript }: Props) {
  const [pick, setPick] = useState<StarterPick | null>(initial);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>('running');
  const [startedAt, setStartedAt] = useState<number | null>(() => (tapped && initial?.task ? tapped.startedAt : null));
  const [now, setNow] = useState(() => (tapped ? Date.now() : 0));
  const [step, setStep] = useState(() => stepOf(initial));
  const [doneSteps, setDoneSteps] = useState<string[]>([]);
  const known = tapped?.tasks ?? null;
  // Something done on this pick (a step ticked, a re-roll): the server's answer then no longer replaces it.
  const touched = useRef(false);
  const [rolling, setRolling] = useState(false);
  // Focused milliseconds counted before a pause for the choice.
  const [banked, setBanked] = useState(0);
  const limit = (pick?.minutes ?? STARTER_MINUTES) * 60_000;

  const elapsed = startedAt === null ? 0 : banked + (phase === 'running' || phase === 'overtime' ? now - startedAt : 0);

  const elapsedRef = useRef(0);
  const pickRef = useRef(pick);
  useEffect(() => {
    elapsedRef.current = elapsed;
    pickRef.current = pick;
  });
  const { flush, restart } = useFocusWrites(pick?.task, elapsedRef, startedAt !== null, phase === 'running' || phase === 'overtime');

  const begin = useCallback(
    (fromFirstPaint = false) => {
      restart();
      setBanked(0);
      const at = (fromFirstPaint && firstPaintStart()) || Date.now();
      setStartedAt(at);
      setNow(at);
      setPhase('running');
    },
    [restart],
  );

  // The timer runs as soon as the page is interactive (from the tap, it already does).
  useEffect(() => {
    if (tapped) {
      if (tapped.tasks.length > 0) keepOpenTasks(tapped.tasks);
      return;
    }
    if (initial?.task) {
      const frame = requestAnimationFrame(() => begin(true));
      return () => cancelAnimationFrame(frame);
    }
    if (!initial) {
      void fetchNext([], null).then((next) => {
        setPick(next);
        setStep(stepOf(next));
        if (next.task) begin();
      });
    }
  }, [initial, tapped, begin]);

  // The server's pick, after the tap's: the same task gains the server's why (free time) and step;
  // another one (the server knows more) takes over while nothing has been done yet.
  useEffect(() => {
    if (!confirm) return;
    let current = true;
    void confirm.then((server) => {
      const local = pickRef.current;
      if (!current || !server?.task || touched.current) return;
      if (local?.task && server.task.id === local.task.id) {
        setPick({ ...local, reason: server.reason, minutes: server.minutes });
        return;
      }
      setPick(server);
      setStep(stepOf(server));
      begin();
    });
    return () => {
      current = false;
    };
  }, [confirm, begin]);

  // The clock ticks; at 10 minutes it holds at 00:00 and offers the choice.
  useEffect(() => {
    if ((phase !== 'running' && phase !== 'overtime') || startedAt === null) return;
    const id = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (phase === 'running' && banked + at - startedAt >= limit) {
        setBanked(limit);
        setPhase('choice');
      }
    }, 250);
    return () => window.clearInterval(id);
  }, [phase, startedAt, banked, limit]);

  const somethingElse = async () => {
    if (!pick?.task) return;
    touched.current = true;
    flush();
    setRolling(true);
    const skip = [...skipped, pick.task.id];
    const next = await fetchNext(skip, known);
    // Everything was offered once: start the round again.
    const chosen = next.task ? next : await fetchNext([], known);
    setRolling(false);
    setSkipped(next.task ? skip : []);
    setPick(chosen);
    setStep(stepOf(chosen));
    setDoneSteps([]);
    begin();
  };

  const tickStep = () => {
    touched.current = true;
    setStep((current) => ({ ...current, ticked: true }));
    if (step.taskId) {
      setDoneSteps((done) => [...done, step.taskId!]);
      void completeStep({ id: step.taskId, title: step.text }).catch(() => {});
    }
  };

  const nextStep = async () => {
    const task = pick?.task;
    if (!task) return;
    const following = await followingStep(task.id, [...doneSteps, ...(step.taskId ? [step.taskId] : [])], known);
    setStep({ text: following?.title ?? NEXT_BIT_LINE, taskId: following?.id ?? null, ticked: false });
  };

  const keepGoing = () => {
    setStartedAt(Date.now());
    setNow(Date.now());
    setPhase('overtime');
  };
  const stopHere = () => {
    flush();
    setBanked(elapsed);
    setPhase('stopped');
  };

  if (!pick?.task) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-start gap-4">
        <h1 className="text-2xl font-semibold">Just start</h1>
        <p>{pick ? pick.reason : 'Finding one thing to start…'}</p>
        {pick ? (
          <AppLink href="/dashboard" className={buttonClass('secondary')}>
            Back to the dashboard
          </AppLink>
        ) : null}
      </Card>
    );
  }

  const overtime = phase === 'overtime' ? elapsed - limit : 0;
  const left = Math.max(0, limit - elapsed);
  const clock = phase === 'overtime' ? `+${formatClock(overtime)}` : phase === 'stopped' ? formatClock(elapsed) : formatClock(left, true);
  const state = startedAt === null ? 'ready' : phase === 'running' || phase === 'overtime' ? 'running' : phase;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted">Just start · {STARTER_MINUTES} minutes</p>
        <h1 className="text-2xl font-semibold tracking-tight">{pick.task.title}</h1>
        <p className="text-sm text-muted" data-testid="why">
          {pick.reason}
        </p>
      </header>

      <Card className="flex flex-col items-center gap-4 text-center">
        <p
          id={STARTER_TIMER_ID}
          role="timer"
          aria-label="Starter timer"
          aria-live="off"
          data-state={state}
          data-limit={limit}
          data-live={startedAt === null ? undefined : ''}
          suppressHydrationWarning // the first-paint clock (./first-paint-clock.ts) may have counted before hydration
          className="tabular text-6xl font-semibold tracking-tight"
        >
          {clock}
        </p>
        {clockScript}
        {phase === 'choice' ? (
          <div className="flex flex-col items-center gap-3" role="group" aria-label="Ten minutes are up">
            <p className="font-medium">Ten minutes. Keep going, or stop here?</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button onClick={keepGoing}>Keep going</Button>
              <Button variant="secondary" onClick={stopHere}>
                Stop here
              </Button>
            </div>
          </div>
        ) : phase === 'stopped' ? (
          <div className="flex flex-col items-center gap-3" role="status">
            <p className="font-medium">
              {formatMinutes(Math.max(1, Math.round(elapsed / 60_000)))} on “{pick.task.title}”, counted on the task.
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <AppLink href="/dashboard" className={buttonClass('primary')}>
                Back to the dashboard
              </AppLink>
              <Button variant="secondary" onClick={() => void somethingElse()}>
                Start another
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap justify-center gap-3">
            {phase === 'overtime' ? <Button onClick={stopHere}>Stop here</Button> : null}
            <Button variant="secondary" disabled={rolling} onClick={() => void somethingElse()}>
              Something else
            </Button>
          </div>
        )}
      </Card>

      <Card as="section" aria-labelledby="step-title" padding="sm" className="flex flex-col gap-3">
        <h2 id="step-title" className="text-sm font-medium text-muted">
          {step.ticked ? 'Step done' : 'First step'}
        </h2>
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-5 accent-[var(--color-accent)]" checked={step.ticked} disabled={step.ticked} onChange={tickStep} />
          <span className={step.ticked ? 'text-muted line-through' : ''}>{step.text}</span>
        </label>
        {step.ticked ? (
          <div>
            <Button size="sm" variant="secondary" onClick={() => void nextStep()}>
              Next step
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
