'use client';
// API tokens (an extra): personal access tokens for the REST API. Each is made with what it may
// do (read only, or read and write) and when it expires (30 days, 90 by default, a year, never);
// the list says that in words with its last use. A new token is shown once, with Copy and a
// clear warning; revoking asks first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ButtonCore';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { Badge } from '@/components/Badge';
import { ChoiceCard } from '@/components/ChoiceCard';
import { Input, Select } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { TOKEN_EXPIRY_CHOICES, tokenAccessWords, tokenExpiry } from '@/lib/api-tokens';
import type { TTokenForm } from '@/lib/schemas/account-forms';
import type { TApiToken, TCreateApiTokenInput } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { AgentWrites } from './AgentWrites';
import { copyText } from './clipboard';
import { ConnectedApps } from './ConnectedApps';
import { Notice, Section } from './Section';
import { displayTimeZone } from '@/lib/time-zone';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: displayTimeZone() });
}

function day(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: displayTimeZone() });
}

const DEFAULT_VALUES: TTokenForm = { name: '', access: 'read-write', expiry: '90' };

export function TokensSection({ verified }: { verified: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [created, setCreated] = useState<{ name: string; token: string; scopes: TApiToken['scopes'] } | null>(null);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);
  const tokens = useQuery(trpc.user.listTokens.queryOptions(undefined, { refetchOnMount: true }));
  const listKey = trpc.user.listTokens.queryKey();

  const create = useMutation(
    trpc.user.createToken.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (token) => {
        setCreated({ name: token.name, token: token.token, scopes: token.scopes });
        form.reset();
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onError: (error) => toast({ title: 'Failed to create token', description: error.message, variant: 'destructive' }),
    }),
  );
  const revoke = useMutation(
    trpc.user.revokeToken.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        setRevoking(null);
        toast({ title: 'Token revoked', description: 'It stopped working at once.' });
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onError: (error) => toast({ title: 'Failed to revoke token', description: error.message, variant: 'destructive' }),
    }),
  );

  // The choices map onto the API's own schema; Create Token stays disabled while the name is blank.
  const { form, formProps } = useSchemaForm<TTokenForm, TCreateApiTokenInput>({
    schema: () => import('@/lib/schemas/account-forms').then((schemas) => schemas.ZTokenForm),
    defaultValues: DEFAULT_VALUES,
    pending: create.isPending,
    onValid: (values) => create.mutate(values),
  });
  const blank = useWatch({ control: form.control, name: 'name' }).trim() === '';

  return (
    <Section
      id="api-tokens"
      title="Connected apps and API tokens"
      description={
        <>
          AI assistants you connected (the MCP connector at <code className="rounded bg-surfaceMuted px-1 py-0.5 text-xs">/api/mcp</code>), and personal tokens for
          assistants, scripts and other apps using the REST API (see the <a href="/docs" className="underline underline-offset-2">API docs</a>). Send a token as{' '}
          <code className="rounded bg-surfaceMuted px-1 py-0.5 text-xs">Authorization: Bearer …</code>. What an assistant changes is listed under it.
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <ConnectedApps when={when} />
        <h3 className="text-base font-semibold">Personal access tokens</h3>
        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="rounded-control border border-border px-4 py-3">
            <p className="font-medium">A token can</p>
            <p className="mt-1 text-muted">
              Read your tasks, sessions and stats; with write access also create, change, complete and delete them, plan with AI, and change your name and
              e-mail preferences.
            </p>
          </div>
          <div className="rounded-control border border-border px-4 py-3">
            <p className="font-medium">A token cannot</p>
            <p className="mt-1 text-muted">
              Change your e-mail address or password, see your calendar feed link, manage billing, create or revoke tokens, or delete your account. Those need
              you signed in here.
            </p>
          </div>
        </div>
        {verified ? (
          <form {...formProps} className="flex flex-col gap-4" aria-label="Create a token">
            <Input label="Token name" placeholder="e.g. Laptop script" maxLength={100} autoComplete="off" {...form.register('name')} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">What it can do</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                <ChoiceCard value="read" title="Read only" hint="See tasks, sessions, your day and stats" {...form.register('access')} />
                <ChoiceCard value="read-write" title="Read and write" hint="Also create, change, complete and delete them" {...form.register('access')} />
              </div>
            </fieldset>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Select
                label="Expires after"
                options={TOKEN_EXPIRY_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
                className="sm:w-48"
                {...form.register('expiry')}
              />
              <Button type="submit" pending={create.isPending} disabled={blank}>
                Create Token
              </Button>
            </div>
          </form>
        ) : (
          <Notice>Verify your e-mail address to create API tokens.</Notice>
        )}

        {tokens.isPending ? (
          <Spinner label="Loading tokens" />
        ) : tokens.isError ? (
          <Notice>Your tokens could not be loaded. Please try again later.</Notice>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted">No tokens yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-control border border-border" aria-label="Your API tokens">
            {tokens.data.map((token) => {
              const expiry = tokenExpiry(token.expiresAt, new Date(), day);
              return (
                <li key={token.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{token.name}</span>
                      {expiry.expired ? <Badge variant="warning">Expired</Badge> : null}
                    </p>
                    <p className="mt-1 text-sm">{tokenAccessWords(token.scopes)}</p>
                    <p className="mt-1 text-sm text-muted">
                      <code className="text-xs">{token.prefix}…</code> · {expiry.words} · {token.lastUsedAt ? `Last used ${when(token.lastUsedAt)}` : 'Never used'}
                    </p>
                    <AgentWrites id={token.id} writes={token.recentWrites} when={when} />
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title="Your new token"
        description={`Copy “${created?.name ?? ''}” now: this is the only time it is shown. ${created ? tokenAccessWords(created.scopes).replace(/^Can/, 'Anyone with it can') : ''} through the API, so keep it secret.`}
        footer={<Button onClick={() => setCreated(null)}>I have copied it</Button>}
      >
        {created ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Input label="Token" readOnly value={created.token} onFocus={(event) => event.currentTarget.select()} inputClassName="font-mono text-xs" className="sm:flex-1" />
            <Button
              variant="secondary"
              onClick={async () => {
                const ok = await copyText(created.token);
                toast(ok ? { title: 'Token copied' } : { title: 'Copy failed', description: 'Select the token and copy it by hand.', variant: 'destructive' });
              }}
            >
              Copy
            </Button>
          </div>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this token?"
        description={`“${revoking?.name ?? ''}” stops working at once. Scripts using it will be refused, and notifications set up through it stop.`}
        cancelLabel="Keep Token"
        confirmLabel="Revoke Token"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </Section>
  );
}
