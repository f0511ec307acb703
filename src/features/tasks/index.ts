// Task dialogs and mutations shared by the dashboard, the calendar and the session screen.
export { DeleteTaskDialog, TaskFormDialog, type TaskFormDialogProps } from './TaskFormDialog';
export { messageOf, useTaskMutations, type TaskMutationCallbacks } from './useTaskMutations';
