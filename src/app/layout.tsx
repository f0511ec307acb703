// Root layout: the app's calm visual identity in light and dark (the stored theme applied before
// the first paint, then kept in step: no context above the pages), the notification stack (loaded
// after the page), the browser's error reporter and, after load, the service
// worker with its offline and update notes (each mounted once for every page). The typed API
// client and its query cache are not here: the public pages get them from their layout, the
// signed-in pages each from their own (src/features/auth/SignedInProviders.tsx), so that the
// dashboard can load them after its first paint (src/features/dashboard/DashboardIsland.tsx).
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ThemeKeeper } from '@/components/theme/ThemeKeeper';
import { ThemeScript } from '@/components/theme/ThemeScript';
import { LazyToaster } from '@/components/Toast';
import { LazyOfflineStatus } from '@/features/offline/LazyOfflineStatus';
import { ErrorReporter } from '@/lib/error-reporting/ErrorReporter';
import { NONCE_HEADER } from '@/server/http/content-security-policy';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Onething — one task at a time', template: '%s · Onething' },
  description: 'A calm task manager and focus timer that shows you one task at a time.',
  icons: { icon: '/icon.svg', apple: '/icons/apple-touch-icon.png' },
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#F7F7F5' },
    { media: '(prefers-color-scheme: dark)', color: '#111214' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry this request's CSP nonce (src/proxy.ts).
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="bg-bg text-text">
        <ThemeScript nonce={nonce} />
        {children}
        <ThemeKeeper />
        <LazyToaster />
        <ErrorReporter />
        <LazyOfflineStatus />
      </body>
    </html>
  );
}
