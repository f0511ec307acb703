// The task order of every list: by due date ascending, undated last. In a module
// of its own (src/lib/tasks.ts re-exports it) so the focus session page's first load carries
// only this, not the other task rules.

type Dated = { dueDate: string | Date | null };

function toMs(value: string | Date): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** By due date ascending, undated last; ties keep their order. */
export function byDueDate<T extends Dated>(a: T, b: T): number {
  if (!a.dueDate && !b.dueDate) return 0;
  if (!a.dueDate) return 1;
  if (!b.dueDate) return -1;
  return toMs(a.dueDate) - toMs(b.dueDate);
}
