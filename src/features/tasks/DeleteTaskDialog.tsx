'use client';
// The delete confirmation of a task (the dashboard's and the calendar's).
import { ConfirmDialog } from '@/components/ConfirmDialog';

/** The Delete Task confirmation. */
export function DeleteTaskDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Delete Task"
      description="Are you sure you want to delete this task? This action cannot be undone."
      confirmLabel="Delete"
      onConfirm={() => {
        onConfirm();
        onClose();
      }}
    />
  );
}
