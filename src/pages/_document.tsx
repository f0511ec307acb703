// The HTML document of the Pages Router's pages (only the focus session pages: src/pages/session.tsx
// says why they are on this router). The same <html lang="en">, theme script (no flash of the
// wrong theme), description, icon and theme colours as the App Router's root layout
// (src/app/layout.tsx), and the page's title ('Focus session · Onething', the root layout's
// '%s · Onething' template). The title is written here, not with next/head: next/head would
// cost the session page about 1.3 kB gzip of its small first-load budget, and its title never
// changes while the page is open (the running clock in the tab title is set by the screen).
import { Head, Html, Main, NextScript, type DocumentContext, type DocumentProps } from 'next/document';
import NextDocument from 'next/document';
import { ThemeProvider } from '@/components/theme/ThemeProvider';
import { ShellFrame } from '@/features/session/ShellHeader';

const TITLES: Record<string, string> = {
  '/session': 'Focus session · Onething',
  '/sessions/[id]': 'Focus session · Onething',
};

type Props = DocumentProps & { nonce?: string };

export default function Document({ __NEXT_DATA__, nonce }: Props) {
  return (
    <Html lang="en" suppressHydrationWarning>
      <Head nonce={nonce}>
        {/* eslint-disable-next-line @next/next/no-title-in-document-head -- see the comment at the top */}
        <title>{TITLES[__NEXT_DATA__.page] ?? 'Onething — one task at a time'}</title>
        {/* next-themes' script with this request's nonce, rendered here on the server only: the
            document is never hydrated, so the provider costs the page's first load nothing.
            SessionLater mounts the provider in the browser once the page has loaded. */}
        <ThemeProvider nonce={nonce} />
        <meta name="description" content="A calm task manager and focus timer that shows you one task at a time." />
        <link rel="icon" href="/icon.svg" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#F7F7F5" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#111214" />
      </Head>
      <body className="bg-bg text-text">
        {TITLES[__NEXT_DATA__.page] ? (
          // The app shell's header, as static HTML (src/features/session/ShellHeader.tsx says why).
          <ShellFrame pathname={__NEXT_DATA__.page}>
            <Main />
          </ShellFrame>
        ) : (
          <Main />
        )}
        <NextScript nonce={nonce} />
      </body>
    </Html>
  );
}

/** This request's CSP nonce (set by src/proxy.ts) for the scripts of the document. */
Document.getInitialProps = async (ctx: DocumentContext) => {
  const initial = await NextDocument.getInitialProps(ctx);
  const nonce = ctx.req?.headers['x-nonce'];
  return { ...initial, nonce: typeof nonce === 'string' ? nonce : undefined };
};
