'use client';
// Just start: a 10-minute starter on one task, running as soon as the page is interactive. One
// task, picked with a line saying why, and "Something else" to re-roll; only its first step
// (its first open subtask, else a neutral starter line), and "Next step" once that is ticked. At
// 10 minutes: keep going (overtime) or stop here. The focused time counts on the task either way
// (POST /api/tasks/{id}/focus, in small writes). No streaks, no scores, nothing about quitting.
//
// Light on purpose (the tap-to-running-timer budget on a phone): the typed REST helper
// (src/lib/api-fetch.ts, the app's one plain-REST path), no query cache; the server renders the first pick (src/app/(app)/start/page.tsx). Offline, or on
// any plan, it needs no AI: re-rolling falls back to the last synced task list (the service
// worker answers GET /api/tasks from it) and the same pick rule (src/lib/just-start.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { Button, buttonClass } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { pickNext, starterLine, STARTER_MINUTES } from '@/lib/just-start';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TNextOutput } from '@/lib/schemas/today';
import { formatMinutes } from '@/lib/minutes';
import { formatClock } from '@/lib/timer';
import { apiQuery, apiRequest } from '@/lib/api-fetch';

/** Focus is written at least this often while the timer runs. */
const FLUSH_EVERY_MS = 60_000;

async function fetchNext(skip: readonly string[]): Promise<TNextOutput> {
  try {
    return await apiQuery<TNextOutput>(`/today/next${skip.length ? `?skip=${encodeURIComponent(skip.join(','))}` : ''}`);
  } catch {
    // offline, or the server could not answer: the same rule on the last synced list
    return pickFromLastSync(skip);
  }
}

async function openTasks(): Promise<TTaskOutput[]> {
  return apiQuery<TTaskOutput[]>('/tasks?status=open');
}

/** The same rule as the server's, on the last synced list (no reason about free time: it is not known offline). */
async function pickFromLastSync(skip: readonly string[]): Promise<TNextOutput> {
  const tasks = await openTasks().catch(() => [] as TTaskOutput[]);
  const top = tasks.filter((task) => !task.parentTaskId && !task.letGoAt);
  const picked = pickNext(
    top.map((task) => ({ ...task, dueDate: task.dueDate ? new Date(task.dueDate) : null, createdAt: new Date(task.createdAt) })),
    new Set(skip),
    null,
  );
  const task = picked ? top.find((candidate) => candidate.id === picked.id)! : null;
  const step = task ? tasks.find((candidate) => candidate.parentTaskId === task.id) : undefined;
  return {
    task,
    firstStep: task ? (step?.title ?? starterLine(task)) : null,
    firstStepTaskId: step?.id ?? null,
    reason: task ? 'picked from your list as last synced' : 'Nothing is open right now.',
    minutes: STARTER_MINUTES,
  };
}

type Phase = 'running' | 'choice' | 'overtime' | 'stopped';

export function JustStart({ initial }: { initial: TNextOutput | null }) {
  const [pick, setPick] = useState<TNextOutput | null>(initial);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>('running');
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [step, setStep] = useState<{ text: string; taskId: string | null; ticked: boolean }>(() => ({
    text: initial?.firstStep ?? '',
    taskId: initial?.firstStepTaskId ?? null,
    ticked: false,
  }));
  const [rolling, setRolling] = useState(false);
  // Focused milliseconds already written to the current task, and those counted before a pause for the choice.
  const written = useRef(0);
  const [banked, setBanked] = useState(0);
  const limit = (pick?.minutes ?? STARTER_MINUTES) * 60_000;

  const elapsed = startedAt === null ? 0 : banked + (phase === 'running' || phase === 'overtime' ? now - startedAt : 0);

  const elapsedRef = useRef(0);
  useEffect(() => {
    elapsedRef.current = elapsed;
  });

  const begin = useCallback(() => {
    written.current = 0;
    setBanked(0);
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
    setPhase('running');
  }, []);

  // The timer runs as soon as the page is interactive.
  useEffect(() => {
    if (initial?.task) {
      const frame = requestAnimationFrame(begin);
      return () => cancelAnimationFrame(frame);
    }
    if (!initial) {
      void fetchNext([]).then((next) => {
        setPick(next);
        setStep({ text: next.firstStep ?? '', taskId: next.firstStepTaskId, ticked: false });
        if (next.task) begin();
      });
    }
  }, [initial, begin]);

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

  const flush = useCallback(
    (keepalive = false) => {
      const taskId = pick?.task?.id;
      const seconds = Math.floor((elapsedRef.current - written.current) / 1000);
      if (!taskId || seconds < 1) return;
      written.current += seconds * 1000;
      void apiRequest('POST', `/tasks/${encodeURIComponent(taskId)}/focus`, { seconds: Math.min(seconds, 14_400) }, { keepalive }).catch(() => {});
    },
    [pick],
  );
  useEffect(() => {
    if (phase !== 'running' && phase !== 'overtime') return;
    const id = window.setInterval(() => flush(), FLUSH_EVERY_MS);
    const leave = () => flush(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('pagehide', leave);
    };
  }, [phase, flush]);

  const somethingElse = async () => {
    if (!pick?.task) return;
    flush();
    setRolling(true);
    const skip = [...skipped, pick.task.id];
    const next = await fetchNext(skip);
    setRolling(false);
    if (!next.task) {
      // Everything was offered once: start the round again.
      const again = await fetchNext([]);
      setSkipped([]);
      setPick(again);
      setStep({ text: again.firstStep ?? '', taskId: again.firstStepTaskId, ticked: false });
    } else {
      setSkipped(skip);
      setPick(next);
      setStep({ text: next.firstStep ?? '', taskId: next.firstStepTaskId, ticked: false });
    }
    begin();
  };

  const tickStep = () => {
    setStep((current) => ({ ...current, ticked: true }));
    if (step.taskId) void apiRequest('POST', `/tasks/${encodeURIComponent(step.taskId)}/complete`, {}).catch(() => {});
  };

  const nextStep = async () => {
    const task = pick?.task;
    if (!task) return;
    const tasks = await openTasks().catch(() => [] as TTaskOutput[]);
    const following = tasks.find((candidate) => candidate.parentTaskId === task.id && candidate.id !== step.taskId);
    setStep({ text: following?.title ?? 'Choose the next small bit and keep going.', taskId: following?.id ?? null, ticked: false });
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
        <p role="timer" aria-label="Starter timer" aria-live="off" data-state={state} className="tabular text-6xl font-semibold tracking-tight">
          {clock}
        </p>
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
