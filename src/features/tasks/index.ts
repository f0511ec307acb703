'use client';
// Task dialogs and mutations shared by the dashboard, the calendar and the session screen. The
// dialogs (the form with its date and time pickers) load when first opened: src/components/lazy.tsx.
import { lazyUntilOpen } from '@/components/lazy';
import type { TaskFormDialogProps } from './TaskFormDialog';

export type { TaskFormDialogProps } from './TaskFormDialog';
export { useTaskMutations } from './useTaskMutations';

export const TaskFormDialog = lazyUntilOpen<TaskFormDialogProps>(() => import('./TaskFormDialog').then((module) => module.TaskFormDialog));

export const DeleteTaskDialog = lazyUntilOpen<{ open: boolean; onClose: () => void; onConfirm: () => void }>(() =>
  import('./DeleteTaskDialog').then((module) => module.DeleteTaskDialog),
);
