'use client';
// A page that failed while rendering: a calm message with Try again and Go Home instead of a
// blank screen; the error is reported (src/lib/error-reporting/client.ts) with Next's digest,
// which matches the server's log line for a server-side failure.
import { useEffect } from 'react';
import { buttonClass } from '@/components/ButtonCore';
import { reportClientError } from '@/lib/error-reporting/client';

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    reportClientError(error, { source: 'error-boundary', digest: error.digest });
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-6 px-6 text-center">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-muted">This page could not be shown. Your tasks and sessions are safe — please try again.</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass('primary')} onClick={reset}>
          Try again
        </button>
        {/* A full page load is the right way out of a broken page, and keeps next/link out of this boundary's chunk. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className={buttonClass('secondary')}>
          Go Home
        </a>
      </div>
    </main>
  );
}
