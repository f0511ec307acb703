'use client';
// A task on the calendar: its colour (the default blue when none is set) as a bar and a soft
// tint, its title in the page's own text colour (readable on any task colour), and the state in
// words, never colour alone.
import type { CSSProperties } from 'react';
import { DEFAULT_TASK_COLOR } from '@/lib/constants';
import type { TTaskOutput } from '@/lib/schemas/task';

export function taskColor(task: Pick<TTaskOutput, 'color'>): string {
  return task.color ?? DEFAULT_TASK_COLOR;
}

/** Bar and tint of a task block (the tint is the colour at 18% over the surface). */
export function taskStyle(task: Pick<TTaskOutput, 'color'>): CSSProperties {
  const color = taskColor(task);
  return { borderLeftColor: color, backgroundColor: `color-mix(in srgb, ${color} 18%, var(--color-surface))` };
}

export function TaskChip({ task, time, onOpen, tabIndex }: { task: TTaskOutput; time: string; onOpen: () => void; tabIndex?: number }) {
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      aria-label={`${task.title}, due ${time}${task.completed ? ', done' : ''}`}
      title={`${task.title} · ${time}`}
      style={taskStyle(task)}
      className={`block w-full truncate rounded-[4px] border-l-[3px] px-1.5 py-0.5 text-left text-xs leading-4 text-text hover:brightness-95 dark:hover:brightness-125 ${
        task.completed ? 'line-through decoration-muted' : ''
      }`}
      data-testid="calendar-task"
    >
      {task.title}
    </button>
  );
}
