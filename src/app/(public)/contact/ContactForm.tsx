'use client';
// The contact form: name, e-mail and message, all required. Each
// field says what is wrong once it has been visited, and Send stays disabled until all three are
// valid (the server's rules: src/lib/schemas/contact.ts). Signed in, name and e-mail start filled
// in. Success: 'Message sent' / "We'll get back to you soon." and the message is cleared;
// failure: 'Failed to send message' / 'Please try again later' (or, for too many messages, the
// server's words saying when to try again).
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ButtonCore';
import { Input, Textarea } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { toast } from '@/components/Toast';
import { useSignedIn } from '@/components/useSignedIn';
import { CONTACT_MESSAGE_MAX } from '@/lib/constants';
import type { TContactForm } from '@/lib/schemas/contact';
import { useTRPC } from '@/trpc/react';
import { errorStatus, serverMessage } from '@/features/auth/errors';

export function ContactForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn() === 'signed-in';
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: signedIn, retry: false });

  const send = useMutation(
    trpc.contact.send.mutationOptions({
      onSuccess: (_answer, sent) => {
        toast({ title: 'Message sent', description: "We'll get back to you soon." });
        // Not keepDirtyValues (the form's option for the account's values arriving): all is replaced.
        form.reset({ name: sent.name, email: sent.email, message: '' }, { keepDirtyValues: false });
      },
      onError: (error) => {
        const description = errorStatus(error) === 429 ? (serverMessage(error) ?? 'Please try again later') : 'Please try again later';
        toast({ title: 'Failed to send message', description, variant: 'destructive' });
      },
    }),
  );

  const { form, formProps } = useSchemaForm<TContactForm>({
    schema: () => import('@/lib/schemas/contact').then((schemas) => schemas.ZContactForm),
    defaultValues: { name: '', email: '', message: '' },
    // Signed in: the name and e-mail come from the account until the person types their own.
    values: me.data ? { name: me.data.name, email: me.data.email, message: '' } : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
    pending: send.isPending,
    onValid: (values) => send.mutate(values),
  });
  const { errors, isValid } = form.formState;

  return (
    <form {...formProps} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Name" autoComplete="name" error={errors.name?.message} required {...form.register('name')} />
        <Input label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} required {...form.register('email')} />
      </div>
      <Textarea
        label="Message"
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        hint="Questions, ideas, or something that isn't working."
        error={errors.message?.message}
        required
        {...form.register('message')}
      />
      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">All fields are required.</p>
        <Button type="submit" size="lg" disabled={!isValid} pending={send.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}
