'use client';
// The one way a form is written here: react-hook-form holds the fields, a zod schema from src/lib
// validates them (@hookform/resolvers), and the hook below adds what every form repeats: the
// server's answer as a banner text and no second submit while a request runs. The button row
// under a form is ./FormActions.tsx; a form in a dialog is <Dialog> with the <form> inside.
//
// The schema and the resolver are loaded when the form is first focused (or validated), not
// with the page: zod and a form's schema are about 31 kB gzip, which a sign-in or a
// change-password page need not pay before anyone types (/contact, which had zod in its first
// load, went from 203.2 to 186.0 kB). A submit before they arrive waits for them.
// react-hook-form itself has to be there when the form hydrates: 13.5 kB gzip in the first load
// of each page with a form (/signin 176.2 to 189.7 kB, measured with bench/frontend.mjs).
// Unless the forms cannot show before some data arrives anyway: then they load with it, and
// react-hook-form with them (/account's sections wait for `me`: 224.0 to 201.6 kB).
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';

/** Loads a form's schema: `() => import('@/lib/schemas/auth-forms').then((m) => m.ZSignInForm)`. */
type SchemaLoader<TInput extends FieldValues, TOutput> = () => Promise<ZodType<TOutput, TInput>>;

/**
 * Fetches a form's schema and the resolver ahead of its first use, for a form that must work
 * offline: a chunk first asked for with the network gone cannot load, while one fetched now is
 * kept by the service worker (public/sw.js caches every /_next/static file it serves).
 */
export function preloadSchemaForm(load: () => Promise<unknown>): void {
  void Promise.all([import('@hookform/resolvers/zod'), load()]).catch(() => undefined);
}

function lazyZodResolver<TInput extends FieldValues, TOutput>(load: SchemaLoader<TInput, TOutput>) {
  let ready: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const prepare = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()])
      .then(([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<TInput, unknown, TOutput>)
      .catch((error: unknown) => {
        // A failed chunk load (offline) is retried by the next submit.
        ready = null;
        throw error;
      });
    return ready;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => (await prepare())(values, context, options);
  return { resolver, prepare };
}

export interface SchemaFormOptions<TInput extends FieldValues, TOutput> extends Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> {
  schema: SchemaLoader<TInput, TOutput>;
  /** Called with the schema's output when every field is valid. */
  onValid: (values: TOutput) => void | Promise<void>;
  /** Called when a submit found errors (react-hook-form has focused the first field with one). */
  onInvalid?: (errors: FieldErrors<TInput>) => void;
  /** While a request runs, a second submit does nothing. */
  pending?: boolean;
}

export interface SchemaForm<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Spread on the <form>: noValidate (the schema's words, not the browser's bubbles), onSubmit, and onFocus, which loads the schema. */
  formProps: { noValidate: true; onSubmit: (event?: FormEvent) => Promise<void>; onFocus: () => void };
  /** The server's words about the last submit (shown as a banner), cleared by the next valid one. */
  serverError: string | null;
  setServerError: (message: string | null) => void;
}

export function useSchemaForm<TInput extends FieldValues, TOutput = TInput>({
  schema,
  onValid,
  onInvalid,
  pending = false,
  ...options
}: SchemaFormOptions<TInput, TOutput>): SchemaForm<TInput, TOutput> {
  const [{ resolver, prepare }] = useState(() => lazyZodResolver(schema));
  const form = useForm<TInput, unknown, TOutput>({ ...options, resolver });
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    if (pending) {
      event?.preventDefault();
      return;
    }
    try {
      await form.handleSubmit(async (values) => {
        setServerError(null);
        await onValid(values);
      }, onInvalid)(event);
    } catch {
      // The schema could not be loaded (offline): say so instead of doing nothing.
      setServerError('Something went wrong. Please check your connection and try again.');
    }
  };

  const warm = () => {
    prepare().catch(() => undefined);
  };

  return { form, formProps: { noValidate: true, onSubmit: submit, onFocus: warm }, serverError, setServerError };
}
