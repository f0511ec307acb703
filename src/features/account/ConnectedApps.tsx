'use client';
// Connected apps: the assistants connected with OAuth (the consent screen at /oauth/authorize),
// each with the name it gave itself, where it returns to, what it may do, when it was connected
// and last used, and what it changed; Disconnect (after a confirmation) revokes all its tokens at
// once. Above the list, how to connect one: the MCP connector's URL to paste, with Copy.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { useHydrated } from '@/components/useHydrated';
import { tokenAccessWords } from '@/lib/api-tokens';
import type { TOAuthConnection } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { copyText } from './clipboard';
import { AgentWrites } from './AgentWrites';
import { Notice } from './Section';

export function ConnectedApps({ when }: { when: (iso: string) => string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [revoking, setRevoking] = useState<TOAuthConnection | null>(null);
  const apps = useQuery(trpc.user.listConnectedApps.queryOptions(undefined, { refetchOnMount: true }));
  const revoke = useMutation(
    trpc.user.revokeConnectedApp.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        setRevoking(null);
        toast({ title: 'App disconnected', description: 'Its access stopped at once.' });
        void queryClient.invalidateQueries({ queryKey: trpc.user.listConnectedApps.queryKey() });
      },
      onError: (error) => toast({ title: 'Failed to disconnect app', description: error.message, variant: 'destructive' }),
    }),
  );
  // The server's HTML (and the hydration render) has the path; the browser then adds its origin.
  const hydrated = useHydrated();
  const mcpUrl = `${hydrated ? window.location.origin : ''}/api/mcp`;

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">Connected apps</h3>
      <div className="flex flex-col gap-3 rounded-control border border-border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0">
          <span className="font-medium">Connect an assistant:</span> add this URL as a connector (an MCP server) in Claude, ChatGPT, VS Code or another app. It
          brings you here to allow it.
          <code className="mt-1 block break-all font-mono text-xs">{mcpUrl}</code>
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          onClick={async () => {
            const ok = await copyText(mcpUrl);
            toast(ok ? { title: 'URL copied' } : { title: 'Copy failed', description: 'Select the URL and copy it by hand.', variant: 'destructive' });
          }}
        >
          Copy URL
        </Button>
      </div>

      {apps.isPending ? (
        <Spinner label="Loading connected apps" />
      ) : apps.isError ? (
        <Notice>Your connected apps could not be loaded. Please try again later.</Notice>
      ) : apps.data.length === 0 ? (
        <p className="text-sm text-muted">No apps connected yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-control border border-border" aria-label="Your connected apps">
          {apps.data.map((app) => (
            <li key={app.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{app.clientName}</p>
                <p className="mt-1 text-sm">{tokenAccessWords(app.scopes)}</p>
                <p className="mt-1 text-sm text-muted">
                  Returns to {app.redirectHosts.join(', ')} · Connected {when(app.connectedAt)} ·{' '}
                  {app.lastUsedAt ? `Last used ${when(app.lastUsedAt)}` : 'Never used'}
                </p>
                <AgentWrites id={app.id} writes={app.recentWrites} when={when} />
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRevoking(app)} aria-label={`Disconnect ${app.clientName}`}>
                Disconnect
              </Button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Disconnect this app?"
        description={`“${revoking?.clientName ?? ''}” loses its access at once: every token it holds stops working. What it changed stays. To use it again, connect it again from the app.`}
        cancelLabel="Keep Connected"
        confirmLabel="Disconnect"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </div>
  );
}
