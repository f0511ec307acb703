// Which tasks a focus session shows: not completed, created at or after the
// session's start, by due date ascending with undated tasks last, at most maxTasks (default 5).
// The first is the current task. Pure, so the session screen stays a thin view over it.
import { SESSION_DEFAULTS } from '@/lib/session-constants';
import { byDueDate } from '@/lib/due-order';

export interface VisibleTaskLike {
  id: string;
  completed: boolean;
  createdAt: string | Date;
  dueDate: string | Date | null;
}

export interface VisibleTaskSession {
  startedAt: string | Date;
  maxTasks?: number | null;
  /**
   * Tasks picked for the session (the manual task list or the AI plan). Beyond the product's rule,
   * which only shows tasks created during the session: a session started with picked tasks
   * shows them too, otherwise an AI plan's recommendations would never appear on screen.
   */
  selectedTaskIds?: readonly string[] | null;
}

function ms(value: string | Date): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

export function visibleTasks<T extends VisibleTaskLike>(tasks: readonly T[], session: VisibleTaskSession): T[] {
  const start = ms(session.startedAt);
  const picked = new Set(session.selectedTaskIds ?? []);
  const limit = session.maxTasks && session.maxTasks > 0 ? session.maxTasks : SESSION_DEFAULTS.maxTasks;
  return tasks
    .filter((task) => !task.completed && (ms(task.createdAt) >= start || picked.has(task.id)))
    .slice()
    .sort(byDueDate)
    .slice(0, limit);
}

/**
 * After a completion: the tasks created in this session that are still open, other than the
 * one just completed ('Great work!' shows when there are any).
 */
export function openSessionTasks<T extends VisibleTaskLike & { sessionId: string | null }>(
  tasks: readonly T[],
  sessionId: string,
  exceptId?: string,
): T[] {
  return tasks.filter((task) => task.sessionId === sessionId && !task.completed && task.id !== exceptId);
}
