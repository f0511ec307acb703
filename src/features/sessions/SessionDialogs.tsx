'use client';
// The two dialogs of a session card: its details (the tasks completed in it, from
// session.tasks; a failed load is treated as an empty list) and the delete
// confirmation (session.delete, with the product's toasts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/Badge';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { DISPLAY_MODE_LABELS } from '@/lib/constants';
import type { TFocusSession } from '@/lib/schemas/session';
import { formatMinutes } from '@/lib/minutes';
import { useTRPC } from '@/trpc/react';
import { startTimeLabel, timeLabel } from './format';

export function SessionDetailsDialog({ session, focused, onClose }: { session: TFocusSession | null; focused: number; onClose: () => void }) {
  const trpc = useTRPC();
  const tasks = useQuery(trpc.session.tasks.queryOptions({ id: session?.id ?? '' }, { enabled: !!session, retry: false, staleTime: 0 }));
  const completed = (tasks.data ?? [])
    .filter((task) => task.completed && task.completedInSessionId === session?.id)
    .sort((a, b) => Date.parse(a.completedAt ?? '') - Date.parse(b.completedAt ?? ''));

  return (
    <Dialog
      open={!!session}
      onClose={onClose}
      title={session?.sessionName}
      description={
        session ? (
          <>
            {startTimeLabel(session.startedAt)} · {DISPLAY_MODE_LABELS[session.displayMode]} · {formatMinutes(focused)} focused
          </>
        ) : null
      }
    >
      <h3 className="text-sm font-semibold">Completed tasks</h3>
      {tasks.isPending ? (
        <div className="py-6 text-muted">
          <Spinner label="Loading tasks" />
        </div>
      ) : completed.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No tasks were completed in this session.</p>
      ) : (
        <ul className="mt-3 flex max-h-80 flex-col gap-2 overflow-y-auto" aria-label="Completed tasks">
          {completed.map((task) => (
            <li key={task.id} className="flex items-center gap-3 rounded-control border border-border px-3 py-2">
              <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: task.color ?? 'var(--color-accent)' }} />
              <span className="min-w-0 flex-1 break-words text-sm">{task.title}</span>
              {task.completedAt ? <span className="shrink-0 text-xs text-muted tabular">{timeLabel(task.completedAt)}</span> : null}
              <Badge variant="success">Done</Badge>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

export function DeleteSessionDialog({ session, onClose }: { session: TFocusSession | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const remove = useMutation(
    trpc.session.delete.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        toast({ title: 'Session deleted successfully!' });
        onClose();
      },
      onError: () => toast({ title: 'Failed to delete session', variant: 'destructive' }),
      onSettled: () => Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.session.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.task.list.queryKey() }),
      ]),
    }),
  );

  return (
    <ConfirmDialog
      open={!!session}
      onClose={onClose}
      title="Delete session?"
      description={
        session ? (
          <>
            “{session.sessionName}” will be deleted. Its tasks stay in your task list. This action cannot be undone.
          </>
        ) : null
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      lockWhilePending
      onConfirm={() => session && remove.mutate({ id: session.id })}
    />
  );
}
