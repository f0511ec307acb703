'use client';
// The AI Session wizard: mood → clock (display mode and timings) → name, with
// the planner's recommendations shown → start. The plan can take a while when a language model
// answers: the wait shows progress and can be cancelled (design: Feedback).
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { ChoiceCard } from '@/components/ChoiceCard';
import { Dialog } from '@/components/Dialog';
import { Check, Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { FormActions } from '@/components/FormActions';
import { toast } from '@/components/Toast';
import { limitOf } from '@/lib/api-error';
import { MOODS, type Mood, type UsageKind } from '@/lib/constants';
import { SESSION_NAME_MAX } from '@/lib/constants';
import type { TCreateFocusSessionInput } from '@/lib/schemas/session';
import type { TAiSession, TAiSessionForm } from '@/lib/schemas/session-form';
import { displayTimeZone } from '@/lib/time-zone';
import { useAiPlanClient, type AiPlanResult } from './ai-plan';
import { DEFAULT_TIMINGS, DisplayModeField, TimingFields, timingForm } from './fields';

const STEPS = ['Mood', 'Clock', 'Name', 'Start'] as const;

const MOOD_COPY: Record<Mood, { label: string; hint: string }> = {
  energetic: { label: 'Energetic', hint: 'Ready for the hard things' },
  focused: { label: 'Focused', hint: 'Steady and clear' },
  relaxed: { label: 'Relaxed', hint: 'Easy pace, no rush' },
  tired: { label: 'Tired', hint: 'Small, gentle steps' },
  stressed: { label: 'Stressed', hint: 'One thing at a time' },
};

export function AiSessionWizard({
  open,
  onClose,
  onSubmit,
  pending,
  onLimit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (input: TCreateFocusSessionInput) => void;
  pending: boolean;
  onLimit: (kind: UsageKind) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="AI Session" size="lg">
      {open ? <Wizard onClose={onClose} onSubmit={onSubmit} pending={pending} onLimit={onLimit} /> : null}
    </Dialog>
  );
}

function Wizard({ onClose, onSubmit, pending, onLimit }: { onClose: () => void; onSubmit: (input: TCreateFocusSessionInput) => void; pending: boolean; onLimit: (kind: UsageKind) => void }) {
  const plan = useAiPlanClient();
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<AiPlanResult | null>(null);
  const [planning, setPlanning] = useState(false);
  const [slow, setSlow] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  // Each step's button submits the form: the values are read (and the numbers parsed) by the
  // schema, then the step decides what happens. This dialog's code loads when it first opens,
  // with zod already in it: the schema is at hand.
  const { form, formProps } = useSchemaForm<TAiSessionForm, TAiSession>({
    // The schema (zod, the API's session schemas) loads with the first focus, not with the dialog's code:
    // the dialog is fetched in the background at the first interaction, and evaluating zod there was
    // the dashboard's longest task after load (56 ms on this machine, about 4 times that on a phone).
    schema: () => import('@/lib/schemas/session-form').then((module) => module.ZAiSessionForm),
    defaultValues: { ...DEFAULT_TIMINGS, sessionName: '', mood: null, justFocus: false },
    pending: step === 3 && pending,
    onValid: (values) => {
      if (step === 1) void fetchPlan(values);
      if (step === 2 && !result) return;
      if (step === 3) return start(values);
      setStep((s) => Math.min(s + 1, STEPS.length - 1));
    },
  });
  const mood = useWatch({ control: form.control, name: 'mood' });

  async function fetchPlan(values: TAiSession) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setPlanning(true);
    setSlow(false);
    setResult(null);
    const slowTimer = setTimeout(() => setSlow(true), 4000);
    try {
      const mode = values.displayMode;
      const answer = await plan(
        {
          mood: values.mood,
          displayMode: mode,
          maxTasks: values.maxTasks,
          pomodoroWork: mode === 'pomodoro' ? values.pomodoroWork : undefined,
          pomodoroBreak: mode === 'pomodoro' ? values.pomodoroBreak : undefined,
          timerDuration: mode === 'timer' ? values.timerDuration : undefined,
          sessionDuration: values.sessionDuration,
        },
        controller.signal,
      );
      if (!controller.signal.aborted) setResult(answer);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? error.message : '';
      const limit = limitOf(error);
      if (limit === 'sessions' || limit === 'aiSessions') onLimit(limit);
      else toast({ title: 'Failed to generate AI plan', description: message || 'Please try again', variant: 'destructive' });
      setStep(1);
    } finally {
      clearTimeout(slowTimer);
      if (abortRef.current === controller) {
        setPlanning(false);
        setSlow(false);
      }
    }
  }

  function cancelPlan() {
    abortRef.current?.abort();
    abortRef.current = null;
    setPlanning(false);
    setSlow(false);
    setStep(1);
  }

  function start(values: TAiSession) {
    const mode = values.displayMode;
    onSubmit({
      sessionType: 'ai',
      userMood: values.mood,
      selectedTaskIds: values.justFocus ? [] : (result?.recommendedTasks ?? []).map((task) => task.taskId),
      displayMode: mode,
      sessionName: values.sessionName,
      sessionDuration: values.sessionDuration ?? result?.estimatedDuration,
      maxTasks: values.maxTasks,
      pomodoroWork: mode === 'pomodoro' ? values.pomodoroWork : undefined,
      pomodoroBreak: mode === 'pomodoro' ? values.pomodoroBreak : undefined,
      timerDuration: mode === 'timer' ? values.timerDuration : undefined,
      timeZone: displayTimeZone(),
    });
  }

  return (
    <form {...formProps} className="flex flex-col gap-6">
      <ol className="flex items-center gap-2 text-xs font-medium" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? 'step' : undefined} className="flex items-center gap-2">
            <span
              className={`inline-flex h-7 items-center rounded-pill px-3 ${
                index === step ? 'bg-accent text-accentContrast' : index < step ? 'bg-accentSoft text-text' : 'bg-surfaceMuted text-muted'
              }`}
            >
              {index + 1}. {label}
            </span>
          </li>
        ))}
      </ol>

      {step === 0 ? (
        <fieldset>
          <legend className="mb-3 text-base font-medium">How are you feeling right now?</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {MOODS.map((value) => (
              <ChoiceCard key={value} bare value={value} title={MOOD_COPY[value].label} hint={MOOD_COPY[value].hint} {...form.register('mood')} />
            ))}
          </div>
        </fieldset>
      ) : null}

      {step === 1 ? (
        <div className="flex flex-col gap-6">
          <DisplayModeField {...timingForm(form)} />
          <TimingFields {...timingForm(form)} />
        </div>
      ) : null}

      {step === 2 ? (
        <div className="flex flex-col gap-5">
          <Input label="Session name" maxLength={SESSION_NAME_MAX} placeholder="AI Session (a name is chosen for you)" {...form.register('sessionName')} />
          {planning ? (
            <div role="status" aria-live="polite" className="flex flex-col items-start gap-3 rounded-card border border-border bg-surfaceMuted p-4">
              <div className="flex items-center gap-3">
                <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-accent border-t-transparent" />
                <span className="text-sm font-medium">Planning your session…</span>
              </div>
              {slow ? <p className="text-sm text-muted">This is taking a little longer than usual. You can wait, or cancel and try again.</p> : null}
              <Button size="sm" variant="secondary" onClick={cancelPlan}>
                Cancel
              </Button>
            </div>
          ) : result ? (
            <PlanView result={result} />
          ) : null}
        </div>
      ) : null}

      {step === 3 && result ? (
        <div className="flex flex-col gap-2 rounded-card border border-border bg-surfaceMuted p-4 text-sm">
          <p className="font-medium">Ready when you are.</p>
          <p className="text-muted">
            {result.recommendedTasks.length === 0
              ? 'No open tasks to recommend: you can create tasks during the session.'
              : `${result.recommendedTasks.length} ${result.recommendedTasks.length === 1 ? 'task' : 'tasks'}, about ${result.estimatedDuration} minutes.`}
          </p>
          {result.recommendedTasks.length > 0 ? (
            // A session may start with no task at all: the clock alone, whatever the plan recommends.
            <Check className="mt-1" label="Just focus: start without these tasks" {...form.register('justFocus')} />
          ) : null}
        </div>
      ) : null}

      <FormActions>
        {step > 0 ? (
          <Button variant="ghost" className="sm:mr-auto" onClick={() => (planning ? cancelPlan() : setStep((s) => s - 1))}>
            Back
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={(step === 0 && !mood) || (step === 2 && !result)} pending={step === 3 && pending}>
          {step === 3 ? 'Start Session' : step === 1 ? 'Get Recommendations' : 'Next'}
        </Button>
      </FormActions>
    </form>
  );
}

function PlanView({ result }: { result: AiPlanResult }) {
  return (
    <section aria-label="Recommendations" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Recommendations</h3>
        <Badge variant="neutral">{result.planner === 'ai' ? 'Planned by AI' : 'Built-in planner'}</Badge>
        <Badge variant="accent">About {result.estimatedDuration} min</Badge>
      </div>
      <p className="text-sm leading-relaxed">{result.sessionAdvice}</p>
      {result.recommendedTasks.length === 0 ? (
        <p className="text-sm text-muted">No open tasks to recommend yet. You can create tasks during the session.</p>
      ) : (
        <ol className="flex max-h-64 flex-col gap-2 overflow-y-auto">
          {result.recommendedTasks.map((task, index) => (
            <li key={task.taskId} className="rounded-control border border-border p-3">
              <div className="flex items-baseline justify-between gap-3">
                <span className="text-sm font-medium">
                  {index + 1}. {task.title}
                </span>
                <span className="tabular shrink-0 text-xs text-muted">{task.estimatedTime} min</span>
              </div>
              <p className="mt-1 text-sm text-muted">{task.reasoning}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
