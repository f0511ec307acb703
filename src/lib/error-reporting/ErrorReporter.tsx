'use client';
// Mounted once in the root layout: uncaught errors and unhandled promise rejections of the page
// are reported (src/lib/error-reporting/client.ts loads the SDK only when one happens).
import { useEffect } from 'react';
import { reportClientError } from './client';

export function ErrorReporter() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => reportClientError(event.error ?? new Error(event.message), { source: 'window.onerror' });
    const onRejection = (event: PromiseRejectionEvent) => reportClientError(event.reason, { source: 'unhandledrejection' });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
