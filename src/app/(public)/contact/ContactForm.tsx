'use client';
// The contact form (spec sections 2, 5 and 8): name, e-mail and message, all required. Each
// field says what is wrong once it has been visited, and Send stays disabled until all three are
// valid (the same zod schema the server checks). Signed in, name and e-mail start filled in.
// Success: 'Message sent' / "We'll get back to you soon." and the message is cleared; failure:
// 'Failed to send message' / 'Please try again later' (or, for too many messages, the server's
// words saying when to try again).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Input, Textarea } from '@/components/Field';
import { toast } from '@/components/Toast';
import { useSignedIn } from '@/components/useSignedIn';
import { CONTACT_MESSAGE_MAX, ZContactInput } from '@/lib/schemas/contact';
import { useTRPC } from '@/trpc/react';
import { errorStatus, serverMessage } from '@/features/auth/errors';

type FieldName = 'name' | 'email' | 'message';
const FIELDS: FieldName[] = ['name', 'email', 'message'];

function fieldErrors(values: Record<FieldName, string>): Partial<Record<FieldName, string>> {
  const parsed = ZContactInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    if (errors[field]) continue;
    errors[field] = issue.code === 'too_small' ? EMPTY_MESSAGES[field] : issue.message;
  }
  return errors;
}

const EMPTY_MESSAGES: Record<FieldName, string> = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  message: 'Please write a message',
};

export function ContactForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn() === 'signed-in';
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: signedIn, retry: false });
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', email: '', message: '' });
  const [edited, setEdited] = useState<Record<FieldName, boolean>>({ name: false, email: false, message: false });
  const [touched, setTouched] = useState<Record<FieldName, boolean>>({ name: false, email: false, message: false });

  // Signed in: the name and e-mail come from the account until the person types their own.
  const shown: Record<FieldName, string> = {
    name: edited.name ? values.name : values.name || me.data?.name || '',
    email: edited.email ? values.email : values.email || me.data?.email || '',
    message: values.message,
  };
  const errors = fieldErrors(shown);
  const valid = FIELDS.every((field) => !errors[field]);

  const send = useMutation(
    trpc.contact.send.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Message sent', description: "We'll get back to you soon." });
        setValues((current) => ({ ...current, name: shown.name, email: shown.email, message: '' }));
        setTouched({ name: false, email: false, message: false });
      },
      onError: (error) => {
        const description = errorStatus(error) === 429 ? (serverMessage(error) ?? 'Please try again later') : 'Please try again later';
        toast({ title: 'Failed to send message', description, variant: 'destructive' });
      },
    }),
  );

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => ({ ...current, [field]: true }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, email: true, message: true });
    if (!valid || send.isPending) return;
    send.mutate({ name: shown.name.trim(), email: shown.email.trim(), message: shown.message.trim() });
  }

  const blur = (field: FieldName) => () => setTouched((current) => ({ ...current, [field]: true }));
  const errorFor = (field: FieldName) => (touched[field] ? errors[field] : undefined);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          label="Name"
          name="name"
          autoComplete="name"
          value={shown.name}
          onChange={(event) => change('name', event.target.value)}
          onBlur={blur('name')}
          error={errorFor('name')}
          required
        />
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={shown.email}
          onChange={(event) => change('email', event.target.value)}
          onBlur={blur('email')}
          error={errorFor('email')}
          required
        />
      </div>
      <Textarea
        label="Message"
        name="message"
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        hint="Questions, ideas, or something that isn't working."
        value={shown.message}
        onChange={(event) => change('message', event.target.value)}
        onBlur={blur('message')}
        error={errorFor('message')}
        required
      />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">All fields are required.</p>
        <Button type="submit" size="lg" disabled={!valid} pending={send.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}
