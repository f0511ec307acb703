'use client';
// What an assistant changed with one token or connected app (through the MCP connector), newest first, each in
// plain words with its time and an Undo button. Undo puts the change back in one transaction
// (POST /api/user/agent-writes/{id}/undo); when what it touched changed since, the server
// refuses (409) and the toast says why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ButtonCore';
import { useToast } from '@/components/Toast';
import type { TAgentWrite } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';

export function AgentWrites({ id, writes, when }: { id: string; writes: TAgentWrite[]; when: (iso: string) => string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const undo = useMutation(
    trpc.user.undoAgentWrite.mutationOptions({
      onSuccess: (write) => {
        toast({ title: 'Undone', description: write.summary });
        // Tasks and sessions changed too: every cached list is stale.
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        toast({ title: 'Could not undo', description: error.message, variant: 'destructive' });
        // The list may be stale (undone elsewhere): read it again.
        void queryClient.invalidateQueries();
      },
    }),
  );
  if (writes.length === 0) return null;
  const headingId = `writes-${id}`;
  return (
    <div className="mt-3 text-sm">
      <p className="font-medium" id={headingId}>
        Recent changes by an assistant
      </p>
      <ul className="mt-1 flex flex-col divide-y divide-border" aria-labelledby={headingId}>
        {writes.map((write) => {
          const pending = undo.isPending && undo.variables?.id === write.id;
          return (
            <li key={write.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0 flex-1 break-words">
                <p className={write.undoneAt ? 'text-muted line-through' : undefined}>{write.summary}</p>
                <p className="text-muted">
                  <time dateTime={write.createdAt}>{when(write.createdAt)}</time>
                  {write.undoneAt ? (
                    <>
                      {' '}
                      · Undone <time dateTime={write.undoneAt}>{when(write.undoneAt)}</time>
                    </>
                  ) : null}
                </p>
              </div>
              {write.undoable ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  pending={pending}
                  disabled={undo.isPending}
                  onClick={() => undo.mutate({ id: write.id })}
                  aria-label={`Undo: ${write.summary}`}
                >
                  Undo
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
