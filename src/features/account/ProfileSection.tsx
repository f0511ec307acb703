'use client';
// Profile: name, e-mail and time zone, Save Profile (PATCH /api/user). A new e-mail address is a request:
// it needs the current password, the account keeps its address until the link mailed to the new
// one is opened, and a pending change is shown here with a way to cancel it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ButtonCore';
import { Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { onFirstInteraction } from '@/components/lazy';
import { useToast } from '@/components/Toast';
import { reasonOf } from '@/lib/api-error';
import { emailChanges } from '@/lib/email-change';
import type { TProfileForm } from '@/lib/schemas/account-forms';
import type { TUpdateProfileInput, TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Notice, Section } from './Section';
import type { TimeZoneSelect as TimeZoneSelectType } from './TimeZoneSelect';

const profileValues = (user: TUser): TProfileForm => ({ name: user.name, email: user.email, currentPassword: '', timeZone: user.timeZone });

export function ProfileSection({ me }: { me: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // The searchable zone list (Headless UI's combobox) is not in the page's load: it is most of a
  // first load's weight for a field changed once, and its code and render were long tasks right
  // after hydration (then, asked for in idle time, one after `load`). It comes soon after the
  // person's first touch, click, key or pointer move on the page, or at once when they reach the
  // field before that (a tap, a click, Tab, a screen reader's Enter); then the combobox takes the
  // focus the read-only field stood in with.
  const [TimeZoneSelect, setTimeZoneSelect] = useState<typeof TimeZoneSelectType | null>(null);
  const [zoneFocused, setZoneFocused] = useState(false);
  const loadTimeZoneSelect = useCallback(() => {
    void import('./TimeZoneSelect').then((module) => startTransition(() => setTimeZoneSelect(() => module.TimeZoneSelect)));
  }, []);
  useEffect(() => onFirstInteraction(loadTimeZoneSelect), [loadTimeZoneSelect]);
  // The schema asks whether the address changes against the account's address at submit time.
  const signedInWith = useRef(me.email);
  useEffect(() => {
    signedInWith.current = me.email;
  }, [me.email]);

  const update = useMutation(
    trpc.user.update.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        // Saved: every field shows the account again (not kept as typed, as a refresh from polling keeps them).
        form.reset(profileValues(user), { keepDirtyValues: false });
        toast({
          title: 'Profile saved',
          description: user.pendingEmail
            ? `We sent a confirmation link to ${user.pendingEmail}. Until you open it, you keep signing in with ${user.email}.`
            : undefined,
        });
      },
      onError: (error) => {
        const reason = reasonOf(error);
        if (reason === 'password_incorrect' || reason === 'password_required') form.setError('currentPassword', { message: error.message });
        else toast({ title: 'Failed to update account', description: error.message, variant: 'destructive' });
      },
    }),
  );

  const { form, formProps } = useSchemaForm<TProfileForm>({
    schema: () => import('@/lib/schemas/account-forms').then((schemas) => schemas.profileFormSchema(() => signedInWith.current)),
    // The account as the server read it; polling's later reads are applied below.
    defaultValues: profileValues(me),
    pending: update.isPending,
    onValid: (values) => {
      const input: TUpdateProfileInput = {};
      if (values.name.trim() !== me.name) input.name = values.name;
      if (values.timeZone !== me.timeZone) input.timeZone = values.timeZone;
      if (emailChanges(values.email, me.email)) {
        input.email = values.email;
        input.currentPassword = values.currentPassword;
      }
      if (input.name === undefined && input.email === undefined && input.timeZone === undefined) {
        toast({ title: 'Nothing to save', description: 'Your profile is up to date.' });
        return;
      }
      update.mutate(input);
    },
  });
  // Polling refreshes `me`; a field shows it until the user changes that field. Not through
  // react-hook-form's `values` option: that resets the form once more as it mounts, with the values
  // it already holds (its fields written again and the section rendered once more, in the task
  // that hydrates the page: a long task on a phone).
  const polled = profileValues(me);
  const applied = useRef(polled);
  useEffect(() => {
    const before = applied.current;
    if (before.name === polled.name && before.email === polled.email && before.timeZone === polled.timeZone) return;
    applied.current = polled;
    form.reset(polled, { keepDirtyValues: true, keepFieldsRef: true });
  });
  const [name, email, timeZone] = useWatch({ control: form.control, name: ['name', 'email', 'timeZone'] });
  const { errors } = form.formState;

  const cancelChange = useMutation(
    trpc.user.cancelEmailChange.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        toast({ title: 'E-mail change cancelled', description: `You keep signing in with ${user.email}.` });
      },
      onError: (error) => toast({ title: 'Failed to cancel the change', description: error.message, variant: 'destructive' }),
    }),
  );

  const emailChanging = emailChanges(email, me.email);

  return (
    <Section id="profile" title="Profile" description="Your name, the e-mail address you sign in with, and your time zone.">
      <form {...formProps} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Name" autoComplete="name" required {...form.register('name')} />
          <Input label="Email" type="email" autoComplete="email" required {...form.register('email')} />
        </div>
        <div className="sm:max-w-sm">
          {TimeZoneSelect ? (
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => <TimeZoneSelect value={field.value} onChange={field.onChange} takeFocus={zoneFocused} />}
            />
          ) : (
            <Input
              label="Time zone"
              name="timeZone"
              value={timeZone.replace(/_/g, ' ')}
              readOnly
              hint="Reminders, due dates and your calendar use this clock."
              onFocus={() => {
                setZoneFocused(true);
                loadTimeZoneSelect();
              }}
              onBlur={() => setZoneFocused(false)}
            />
          )}
        </div>
        {emailChanging ? (
          <>
            <Notice tone="warning">
              We will send a confirmation link to the new address. Until you open it, you keep signing in with {me.email}.
            </Notice>
            <Input
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="To be sure it is you."
              error={errors.currentPassword?.message}
              required
              className="sm:max-w-sm"
              {...form.register('currentPassword')}
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
