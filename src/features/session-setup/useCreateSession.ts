'use client';
// Creating a focus session (manual or AI): the product's toasts, the limit dialogs, and on
// success the new session becomes the current one and /session opens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { toast } from '@/components/Toast';
import type { UsageKind } from '@/lib/constants';
import type { TCreateFocusSessionInput } from '@/lib/schemas/session';
import { limitOf } from '@/lib/api-error';
import { useTRPC } from '@/trpc/react';
import { setCurrentSession } from './current-session';

export function useCreateSession({ onLimit, onCreated }: { onLimit: (kind: UsageKind) => void; onCreated?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();

  return useMutation(
    trpc.session.create.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (session) => {
        setCurrentSession(session);
        const created = { title: 'Session created successfully!' };
        toast(created);
        void queryClient.invalidateQueries({ queryKey: trpc.session.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        onCreated?.();
        // Both readings of the product rule lead here: a manual or AI session opens /session (and
        // /sessions/{id} opens the same screen for a given session).
        router.push('/session');
      },
      onError: (error, input: TCreateFocusSessionInput) => {
        const limit = limitOf(error);
        if (limit === 'sessions') return onLimit('sessions');
        if (input.sessionType === 'ai') {
          if (limit === 'aiSessions') return onLimit('aiSessions');
          toast({ title: 'Failed to create AI session', description: error.message || undefined, variant: 'destructive' });
          return;
        }
        toast({ title: 'Failed to create session', description: error.message || undefined, variant: 'destructive' });
      },
    }),
  );
}
