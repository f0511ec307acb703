// /oauth/authorize: the authorization endpoint of the MCP connector's OAuth server, a page. An
// unknown app or a redirect URI it did not register is an error here (never a redirect); other
// mistakes go back to the app as OAuth errors; a visitor who is not signed in signs in first and
// comes back (the app's safe `next`); then the consent screen (src/features/oauth/ConsentForm.tsx).
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { LinkButton } from '@/components/Button';
import { AuthCard, AuthLayout, ResultMark } from '@/features/auth/AuthLayout';
import { PATH_HEADER, signinUrl } from '@/features/auth/next-path';
import { ConsentForm } from '@/features/oauth/ConsentForm';
import { consentPage } from '@/server/mcp/oauth/authorize-page';
import { TRPCReactProvider } from '@/trpc/react';

export const metadata: Metadata = { title: 'Connect an app', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuthorizePage({ searchParams }: { searchParams: SearchParams }) {
  const params = Object.fromEntries(Object.entries(await searchParams).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined));
  const requestHeaders = await headers();
  const page = await consentPage(params, requestHeaders);
  if (page.kind === 'redirect') redirect(page.to);
  if (page.kind === 'signin') redirect(signinUrl(requestHeaders.get(PATH_HEADER)));
  if (page.kind === 'invalid') {
    return (
      <AuthLayout>
        <AuthCard className="text-center">
          <div className="flex flex-col items-center gap-4">
            <ResultMark tone="error" />
            <h1 className="text-xl font-semibold">This connection request cannot be used</h1>
            <p className="text-sm text-muted">{page.message}</p>
            <p className="text-sm text-muted">Nothing was shared. Start connecting again from your assistant.</p>
            <LinkButton href="/dashboard" variant="secondary">
              Go to Dashboard
            </LinkButton>
          </div>
        </AuthCard>
      </AuthLayout>
    );
  }
  const { request, account } = page;
  return (
    <AuthLayout>
      <TRPCReactProvider>
        <ConsentForm
          params={params}
          app={{ clientName: request.client.name, redirectHost: request.redirectHost, loopback: request.loopback, scopes: request.scopes }}
          account={account}
        />
      </TRPCReactProvider>
    </AuthLayout>
  );
}
