'use client';
// The last boundary: an error in the root layout itself. It replaces the whole document, so it
// brings its own <html> and plain styles, and reports the error like src/app/error.tsx.
import { useEffect } from 'react';
import { reportClientError } from '@/lib/error-reporting/client';

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    reportClientError(error, { source: 'global-error-boundary', digest: error.digest });
  }, [error]);
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', display: 'grid', placeItems: 'center', minHeight: '100dvh', margin: 0, textAlign: 'center' }}>
        <main style={{ maxWidth: '32rem', padding: '1.5rem' }}>
          <h1 style={{ fontSize: '1.5rem' }}>Something went wrong</h1>
          <p>Onething could not be shown. Your tasks and sessions are safe — please try again.</p>
          <button type="button" onClick={reset} style={{ padding: '0.5rem 1rem', marginTop: '1rem' }}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
