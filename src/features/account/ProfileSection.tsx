'use client';
// Profile: name and e-mail, Save Profile (PATCH /api/user). A changed e-mail must be verified
// again, and the page says so before and after saving.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Input } from '@/components/Field';
import { useToast } from '@/components/Toast';
import type { TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Notice, Section } from './Section';

export function ProfileSection({ me }: { me: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Polling refreshes `me`; the form shows it until the user starts typing (a draft).
  const [draft, setDraft] = useState<{ name: string; email: string } | null>(null);
  const name = draft?.name ?? me.name;
  const email = draft?.email ?? me.email;
  const edit = (change: Partial<{ name: string; email: string }>) => setDraft({ name, email, ...change });

  const update = useMutation(
    trpc.user.update.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (user, input) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        setDraft(null);
        const emailChanged = input.email !== undefined && input.email !== me.email;
        toast({
          title: 'Profile saved',
          description: emailChanged ? `We sent a verification link to ${user.email}. Please verify your new e-mail address.` : undefined,
        });
      },
      onError: (error) => toast({ title: 'Failed to update account', description: error.message, variant: 'destructive' }),
    }),
  );

  const emailChanging = email.trim().toLowerCase() !== me.email;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: { name?: string; email?: string } = {};
    if (name.trim() !== me.name) input.name = name;
    if (emailChanging) input.email = email;
    if (input.name === undefined && input.email === undefined) {
      toast({ title: 'Nothing to save', description: 'Your profile is up to date.' });
      return;
    }
    update.mutate(input);
  };

  return (
    <Section id="profile" title="Profile" description="Your name and the e-mail address you sign in with.">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            required
            onChange={(event) => edit({ name: event.target.value })}
          />
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            required
            onChange={(event) => edit({ email: event.target.value })}
          />
        </div>
        {emailChanging ? <Notice tone="warning">A changed e-mail address must be verified again: we will send a link to the new address.</Notice> : null}
        {!me.emailVerified && !emailChanging ? (
          <Notice tone="warning">Your e-mail address {me.email} is not verified yet: follow the link we sent you to use the app.</Notice>
        ) : null}
        <div>
          <Button type="submit" pending={update.isPending} disabled={!name.trim() || !email.trim()}>
            Save Profile
          </Button>
        </div>
      </form>
    </Section>
  );
}
