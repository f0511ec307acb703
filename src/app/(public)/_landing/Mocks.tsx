// Illustrations for the landing page, drawn in HTML and CSS (no images, no fonts to download).
// Each is one picture for assistive technology (role="img" with a description); the words inside
// are the product's own, so the pictures show what the screens really look like.
import type { ReactNode } from 'react';
import { DEFAULT_TASK_COLOR, DISPLAY_MODE_LABELS, MOODS, SESSION_DEFAULTS, type DisplayMode } from '@/lib/constants';

/** Task colours used in the pictures (the user picks these per task in the app). */
const TASK_COLORS = { blue: DEFAULT_TASK_COLOR, green: '#10B981', amber: '#F59E0B', pink: '#EC4899', violet: '#8B5CF6' } as const;

function Frame({ label, title, children, className = '' }: { label: string; title: string; children: ReactNode; className?: string }) {
  return (
    <div role="img" aria-label={label} className={`overflow-hidden rounded-card border border-border bg-surface shadow-sm ${className}`}>
      <div className="flex items-center gap-3 border-b border-border px-4 py-3">
        <span className="flex gap-1.5" aria-hidden>
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
        </span>
        <span className="truncate text-xs font-medium text-muted">{title}</span>
      </div>
      {children}
    </div>
  );
}

function FakeButton({ children, primary = false }: { children: ReactNode; primary?: boolean }) {
  return (
    <span
      className={`inline-flex h-8 items-center rounded-control px-3 text-xs font-medium ${
        primary ? 'bg-accent text-accentContrast' : 'border border-border bg-surface text-text'
      }`}
    >
      {children}
    </span>
  );
}

function Tag({ children }: { children: ReactNode }) {
  return <span className="inline-flex items-center rounded-pill border border-border bg-surfaceMuted px-2 py-0.5 text-[0.7rem] font-medium text-text">{children}</span>;
}

export function FocusScreenMock() {
  return (
    <Frame
      title="Morning focus · Pomodoro"
      label="Picture of a focus session: a large Pomodoro clock at 18:42 in the work phase beside the current task, 'Draft the project summary', due today at 14:00, with Complete, Pause and Quit Session buttons and two tasks waiting next."
    >
      <div className="grid items-center gap-6 p-6 sm:grid-cols-[1.1fr_1fr] sm:gap-8 sm:p-8">
        <div className="text-center">
          <p className="text-xs font-medium uppercase tracking-[0.16em] text-muted">Work</p>
          <p className="tabular mt-1 text-6xl font-semibold tracking-tight sm:text-7xl">18:42</p>
          <div className="mx-auto mt-4 h-1.5 w-40 overflow-hidden rounded-pill bg-surfaceMuted">
            <div className="h-full w-1/4 rounded-pill bg-accent" />
          </div>
          <p className="mt-3 text-xs text-muted">Break in 18 minutes</p>
        </div>
        <div className="rounded-card border border-border bg-bg p-5" style={{ borderLeft: `4px solid ${TASK_COLORS.blue}` }}>
          <p className="text-xs font-medium text-muted">Now</p>
          <p className="mt-1 text-lg font-semibold leading-snug">Draft the project summary</p>
          <div className="mt-3 flex flex-wrap gap-1.5">
            <Tag>High</Tag>
            <Tag>Medium effort</Tag>
          </div>
          <p className="mt-3 text-xs text-muted">Due today, 14:00</p>
          <div className="mt-4">
            <FakeButton primary>Complete</FakeButton>
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-border px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">
          Next: <span className="text-text">Reply to Sam</span> · <span className="text-text">Book the dentist</span>
        </p>
        <div className="flex gap-2">
          <FakeButton>Pause</FakeButton>
          <FakeButton>Quit Session</FakeButton>
        </div>
      </div>
    </Frame>
  );
}

const MODE_PICTURES: Record<DisplayMode, { big: string; small: string; text: string }> = {
  clock: { big: '09:41', small: 'Now', text: 'The time, large and calm, readable from across the room.' },
  'clock-date': { big: '09:41', small: 'Tuesday 14 October', text: 'The time and the date, for days that blur together.' },
  pomodoro: {
    big: `${SESSION_DEFAULTS.pomodoroWork}:00`,
    small: `Work, then a ${SESSION_DEFAULTS.pomodoroBreak} min break`,
    text: `${SESSION_DEFAULTS.pomodoroWork} minutes of work and ${SESSION_DEFAULTS.pomodoroBreak} of rest, on repeat. Both are yours to change.`,
  },
  timer: { big: '45:00', small: 'Counting down', text: 'Give it a length and it counts down to zero, then tells you.' },
  stopwatch: { big: '00:12:34', small: 'Counting up', text: 'Counts up from zero, so you can see where the time went.' },
};

export function ModeCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {(Object.keys(MODE_PICTURES) as DisplayMode[]).map((mode) => {
        const picture = MODE_PICTURES[mode];
        return (
          <li key={mode} className="flex flex-col rounded-card border border-border bg-surface p-5">
            <h3 className="text-sm font-semibold">{DISPLAY_MODE_LABELS[mode]}</h3>
            <div className="my-5 text-center" aria-hidden>
              <p className="tabular text-3xl font-semibold tracking-tight">{picture.big}</p>
              <p className="mt-1 text-xs text-muted">{picture.small}</p>
            </div>
            <p className="mt-auto text-sm leading-relaxed text-muted">{picture.text}</p>
          </li>
        );
      })}
    </ul>
  );
}

const MOOD_LABELS: Record<(typeof MOODS)[number], string> = {
  energetic: 'Energetic',
  focused: 'Focused',
  relaxed: 'Relaxed',
  tired: 'Tired',
  stressed: 'Stressed',
};

export function MoodPlanMock() {
  return (
    <Frame
      title="AI Session · How are you feeling?"
      label="Picture of the AI session planner: the mood 'Tired' is chosen, and the plan suggests three tasks with a reason and an estimated time for each, about 50 minutes in all."
    >
      <div className="p-6">
        <p className="text-sm font-medium">How are you feeling?</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {MOODS.map((mood) => (
            <span
              key={mood}
              className={`inline-flex h-8 items-center rounded-pill border px-3 text-xs font-medium ${
                mood === 'tired' ? 'border-accent bg-accentSoft text-text' : 'border-border text-muted'
              }`}
            >
              {MOOD_LABELS[mood]}
            </span>
          ))}
        </div>
        <div className="mt-6 rounded-control bg-surfaceMuted p-4 text-sm leading-relaxed">
          Start small: two quick wins to get going, then one steady block. About 50 minutes.
        </div>
        <ol className="mt-4 divide-y divide-border text-sm">
          {[
            { title: 'Reply to Sam', time: '10 min', why: 'Short and already half-written.', color: TASK_COLORS.green },
            { title: 'Book the dentist', time: '5 min', why: 'A quick win that stops nagging you.', color: TASK_COLORS.amber },
            { title: 'Tidy the project notes', time: '35 min', why: 'Calm work that needs no big decisions.', color: TASK_COLORS.blue },
          ].map((task) => (
            <li key={task.title} className="flex items-start gap-3 py-3">
              <span className="mt-1.5 size-2.5 shrink-0 rounded-full" style={{ background: task.color }} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{task.title}</span>
                <span className="block text-xs text-muted">{task.why}</span>
              </span>
              <span className="tabular shrink-0 text-xs text-muted">{task.time}</span>
            </li>
          ))}
        </ol>
      </div>
    </Frame>
  );
}

export function BreakdownMock() {
  return (
    <Frame
      title="Breakdown"
      label="Picture of an AI breakdown of the task 'Plan the garden party' into three subtasks, each with an estimated time and a difficulty of Easy or Medium, one with a suggested deadline, and a helpful tip below."
    >
      <div className="p-6">
        <p className="text-xs font-medium text-muted">Task</p>
        <p className="mt-1 font-semibold">Plan the garden party</p>
        <ul className="mt-5 flex flex-col gap-3">
          {[
            { title: 'Write the guest list', time: '20 min', level: 'Easy' },
            { title: 'Book the gazebo', time: '30 min', level: 'Medium', aim: 'Aim for Fri 10 Oct' },
            { title: 'Plan the food', time: '45 min', level: 'Medium' },
          ].map((step) => (
            <li key={step.title} className="flex items-center justify-between gap-3 rounded-control border border-border p-3">
              <span className="min-w-0">
                <span className="block text-sm font-medium">{step.title}</span>
                <span className="tabular block text-xs text-muted">
                  {step.time}
                  {step.aim ? ` · ${step.aim}` : ''}
                </span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <Tag>{step.level}</Tag>
                <span className="hidden sm:inline">
                  <FakeButton>Add as Subtask</FakeButton>
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-5 rounded-control bg-surfaceMuted p-4">
          <p className="text-xs font-semibold">Helpful Tips</p>
          <p className="mt-1 text-sm leading-relaxed text-muted">Book first: everything else depends on the date.</p>
        </div>
      </div>
    </Frame>
  );
}

export function CalendarMock() {
  // A month that starts on a Wednesday; a few tasks in their colours.
  const blocks: Record<number, { color: string; label: string }[]> = {
    2: [{ color: TASK_COLORS.blue, label: 'Report' }],
    6: [{ color: TASK_COLORS.green, label: 'Gym' }],
    9: [
      { color: TASK_COLORS.amber, label: 'Dentist' },
      { color: TASK_COLORS.blue, label: 'Slides' },
    ],
    14: [{ color: TASK_COLORS.pink, label: 'Party' }],
    17: [{ color: TASK_COLORS.violet, label: 'Essay' }],
    21: [
      { color: TASK_COLORS.blue, label: 'Review' },
      { color: TASK_COLORS.green, label: 'Run' },
    ],
    27: [{ color: TASK_COLORS.amber, label: 'Taxes' }],
  };
  const cells = Array.from({ length: 35 }, (_, index) => index - 2);
  return (
    <Frame
      title="Calendar · October"
      label="Picture of the month view of the calendar: weeks start on Sunday and tasks sit on their due days as small blocks in their own colours."
    >
      <div className="p-4 sm:p-6">
        <div className="grid grid-cols-7 gap-1 text-center text-[0.7rem] font-medium text-muted">
          {['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'].map((day) => (
            <span key={day}>{day}</span>
          ))}
        </div>
        <div className="mt-2 grid grid-cols-7 gap-1">
          {cells.map((day) => (
            <div key={day} className={`flex min-h-14 flex-col gap-0.5 rounded-md border p-1 ${day < 1 || day > 31 ? 'border-transparent' : 'border-border'}`}>
              {day >= 1 && day <= 31 ? (
                <>
                  <span className={`tabular text-[0.7rem] ${day === 9 ? 'font-semibold text-accent' : 'text-muted'}`}>{day}</span>
                  {(blocks[day] ?? []).map((block) => (
                    <span key={block.label} className="block h-1.5 rounded-full" style={{ background: block.color }} />
                  ))}
                </>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </Frame>
  );
}
