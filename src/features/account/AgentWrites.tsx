'use client';
// What an assistant changed with one token (through the MCP connector), newest first, each in
// plain words with its time and an Undo button. Undo puts the change back in one transaction
// (POST /api/user/agent-writes/{id}/undo); when what it touched changed since, the server
// refuses (409) and the toast says why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ButtonCore';
import { useToast } from '@/components/Toast';
import type { TAgentWrite } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';

export function AgentWrites({ tokenId, writes, when }: { tokenId: string; writes: TAgentWrite[]; when: (iso: string) => string }) {
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
        void queryClient.invalidateQueries({ queryKey: trpc.user.listTokens.queryKey() });
      },
    }),
  );
  if (writes.length === 0) return null;
  const headingId = `writes-${tokenId}`;
  return (
    <div className="mt-3 text-sm">
      <p className="font-medium" id={headingId}>
        Recent changes by an assistant
      </p>
      <ul className="mt-1 flex flex-col divide-y divide-border" aria-labelledby={headingId}>
        {writes.map((write) => {
          const pending = undo.isPending && undo.variables?.id === write.id;
          return (
            <li key={write.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
              <p className={`min-w-0 flex-1 break-words ${write.undoneAt ? 'text-muted line-through decoration-muted' : ''}`}>
                {write.summary}
                <span className="text-muted">
                  {' '}
                  · <time dateTime={write.createdAt}>{when(write.createdAt)}</time>
                </span>
              </p>
              {write.undoneAt ? (
                <span className="text-muted">
                  Undone <time dateTime={write.undoneAt}>{when(write.undoneAt)}</time>
                </span>
              ) : write.undoable ? (
                <Button variant="secondary" size="sm" pending={pending} disabled={undo.isPending} onClick={() => undo.mutate({ id: write.id })} aria-label={`Undo: ${write.summary}`}>
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
