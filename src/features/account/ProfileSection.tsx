'use client';
// Profile: name, e-mail and time zone, Save Profile (PATCH /api/user). A new e-mail address is a request:
// it needs the current password, the account keeps its address until the link mailed to the new
// one is opened, and a pending change is shown here with a way to cancel it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Input } from '@/components/Field';
import { useToast } from '@/components/Toast';
import type { TUpdateProfileInput, TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Notice, Section } from './Section';
import type { TimeZoneSelect as TimeZoneSelectType } from './TimeZoneSelect';

type Draft = { name: string; email: string; currentPassword: string; timeZone: string };

export function ProfileSection({ me }: { me: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Polling refreshes `me`; the form shows it until the user starts typing (a draft).
  const [draft, setDraft] = useState<Draft | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // The searchable zone list (Headless UI's combobox) loads after the page: it is most of a
  // first load's weight for a field changed once.
  const [TimeZoneSelect, setTimeZoneSelect] = useState<typeof TimeZoneSelectType | null>(null);
  useEffect(() => {
    void import('./TimeZoneSelect').then((module) => setTimeZoneSelect(() => module.TimeZoneSelect));
  }, []);
  const name = draft?.name ?? me.name;
  const email = draft?.email ?? me.email;
  const currentPassword = draft?.currentPassword ?? '';
  const timeZone = draft?.timeZone ?? me.timeZone;
  const edit = (change: Partial<Draft>) => setDraft({ name, email, currentPassword, timeZone, ...change });

  const update = useMutation(
    trpc.user.update.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        setDraft(null);
        toast({
          title: 'Profile saved',
          description: user.pendingEmail
            ? `We sent a confirmation link to ${user.pendingEmail}. Until you open it, you keep signing in with ${user.email}.`
            : undefined,
        });
      },
      onError: (error) => {
        if (/password/i.test(error.message) && error.data?.code === 'BAD_REQUEST') setPasswordError(error.message);
        else toast({ title: 'Failed to update account', description: error.message, variant: 'destructive' });
      },
    }),
  );

  const cancelChange = useMutation(
    trpc.user.cancelEmailChange.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        toast({ title: 'E-mail change cancelled', description: `You keep signing in with ${user.email}.` });
      },
      onError: (error) => toast({ title: 'Failed to cancel the change', description: error.message, variant: 'destructive' }),
    }),
  );

  const emailChanging = email.trim().toLowerCase() !== me.email;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input: TUpdateProfileInput = {};
    if (name.trim() !== me.name) input.name = name;
    if (timeZone !== me.timeZone) input.timeZone = timeZone;
    if (emailChanging) {
      if (!currentPassword) {
        setPasswordError('Please enter your current password to change your email address');
        return;
      }
      input.email = email;
      input.currentPassword = currentPassword;
    }
    if (input.name === undefined && input.email === undefined && input.timeZone === undefined) {
      toast({ title: 'Nothing to save', description: 'Your profile is up to date.' });
      return;
    }
    update.mutate(input);
  };

  return (
    <Section id="profile" title="Profile" description="Your name, the e-mail address you sign in with, and your time zone.">
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
        <div className="sm:max-w-sm">
          {TimeZoneSelect ? (
            <TimeZoneSelect value={timeZone} onChange={(zone) => edit({ timeZone: zone })} />
          ) : (
            <Input label="Time zone" name="timeZone" value={timeZone.replace(/_/g, ' ')} readOnly hint="Reminders, due dates and your calendar use this clock." />
          )}
        </div>
        {emailChanging ? (
          <>
            <Notice tone="warning">
              We will send a confirmation link to the new address. Until you open it, you keep signing in with {me.email}.
            </Notice>
            <Input
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              hint="To be sure it is you."
              value={currentPassword}
              error={passwordError}
              required
              className="sm:max-w-sm"
              onChange={(event) => {
                edit({ currentPassword: event.target.value });
                setPasswordError(undefined);
              }}
            />
          </>
        ) : null}
        {me.pendingEmail && !emailChanging ? (
          <Notice>
            <span className="block">
              Waiting for confirmation: <strong className="font-semibold break-all">{me.pendingEmail}</strong>. Open the link we sent there to
              finish the change; until then you sign in with {me.email}.
            </span>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              pending={cancelChange.isPending}
              onClick={() => cancelChange.mutate({})}
            >
              Cancel change
            </Button>
          </Notice>
        ) : null}
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
