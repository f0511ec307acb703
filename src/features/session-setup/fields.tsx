'use client';
// Form pieces shared by Configure Session and the AI Session wizard: the display mode choice
// and the timings that belong to it, registered on the form that shows them.
import { useWatch, type Control, type FieldValues, type UseFormReturn, type UseFormRegister } from 'react-hook-form';
import { ChoiceCard } from '@/components/ChoiceCard';
import { Input } from '@/components/Field';
import { DISPLAY_MODES, DISPLAY_MODE_LABELS, SESSION_DEFAULTS, SESSION_LIMITS, type DisplayMode } from '@/lib/constants';

/** The fields both forms have, as typed (numbers are text until the schema reads them). */
export interface TimingValues {
  displayMode: DisplayMode;
  sessionDuration: string;
  maxTasks: string;
  pomodoroWork: string;
  pomodoroBreak: string;
  timerDuration: string;
}

export const DEFAULT_TIMINGS: TimingValues = {
  displayMode: SESSION_DEFAULTS.displayMode,
  sessionDuration: '',
  maxTasks: String(SESSION_DEFAULTS.maxTasks),
  pomodoroWork: String(SESSION_DEFAULTS.pomodoroWork),
  pomodoroBreak: String(SESSION_DEFAULTS.pomodoroBreak),
  timerDuration: '25',
};

const MODE_HINTS: Record<DisplayMode, string> = {
  clock: 'The time, large and calm',
  'clock-date': 'The time and today’s date',
  pomodoro: 'Work and break rounds',
  timer: 'Counts down, then stops',
  stopwatch: 'Counts up from zero',
};

type TimingForm = { register: UseFormRegister<TimingValues>; control: Control<TimingValues> };

/** Both forms hold these fields and more; the pieces below see only these. */
export function timingForm<T extends FieldValues & TimingValues, TOutput>(form: UseFormReturn<T, unknown, TOutput>): TimingForm {
  return form as unknown as TimingForm;
}

export function DisplayModeField({ register }: TimingForm) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Display mode</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {DISPLAY_MODES.map((mode) => (
          <ChoiceCard key={mode} value={mode} title={DISPLAY_MODE_LABELS[mode]} hint={MODE_HINTS[mode]} {...register('displayMode')} />
        ))}
      </div>
    </fieldset>
  );
}

export function TimingFields({ register, control }: TimingForm) {
  const displayMode = useWatch({ control, name: 'displayMode' });
  const minutes = { type: 'number', inputMode: 'numeric' as const, min: 1, max: SESSION_LIMITS.maxMinutes, step: 1 };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {displayMode === 'pomodoro' ? (
        <>
          <Input label="Work (minutes)" {...minutes} {...register('pomodoroWork')} />
          <Input label="Break (minutes)" {...minutes} {...register('pomodoroBreak')} />
        </>
      ) : null}
      {displayMode === 'timer' ? <Input label="Timer duration (minutes)" {...minutes} {...register('timerDuration')} /> : null}
      <Input label="Session duration (minutes)" {...minutes} placeholder="Optional" {...register('sessionDuration')} />
      <Input label="Max tasks" type="number" inputMode="numeric" min={1} max={SESSION_LIMITS.maxTasks} step={1} {...register('maxTasks')} />
    </div>
  );
}
