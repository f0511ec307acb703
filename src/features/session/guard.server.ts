// The signed-in guard of the focus session pages (src/pages/session.tsx, src/pages/sessions/[id].tsx),
// the Pages Router's form of the one in src/app/(app)/layout.tsx: a visitor without a valid
// session is redirected (307, before any app UI is sent) to /signin?next=<the page they asked
// for, with its query> and comes back after signing in.
import type { GetServerSidePropsContext, Redirect } from 'next';
import { signinUrl } from '@/features/auth/next-path';
import { pageAccount } from '@/server/inbound/page-session';

/** The request's headers as the auth helpers read them (Node's IncomingHttpHeaders → Headers). */
function requestHeaders(raw: GetServerSidePropsContext['req']['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** What every focus session page gets from the server: the account's own time zone. */
export type SessionPageProps = { timeZone: string | null };

/**
 * The signed-in person's page props, or the redirect to sign in and back. The account's time zone
 * comes with the page, so its first paint already shows the person's own clock, not the device's
 * (waiting for the after-load code, or for a fetch, would show the device's zone first).
 */
export async function signedInOrRedirect(
  context: GetServerSidePropsContext,
): Promise<{ redirect: Redirect } | { props: SessionPageProps }> {
  const account = await pageAccount(requestHeaders(context.req.headers));
  if (!account) return { redirect: { destination: signinUrl(context.resolvedUrl), permanent: false } };
  return { props: { timeZone: account.timeZone } };
}
