'use client';
// Mounted once in the root layout: uncaught errors and unhandled promise rejections of the page
// are reported (src/lib/error-reporting/client.ts loads the SDK only when one happens). The
// listeners are added as soon as this module runs, before hydration, so errors while the page
// starts are caught too; once mounted, <html data-error-reporter="on"> says they are there.
import { useEffect } from 'react';
import { reportClientError } from './client';

function listen(): void {
  const flag = window as Window & { __onethingErrorReporter?: boolean };
  if (flag.__onethingErrorReporter) return;
  flag.__onethingErrorReporter = true;
  window.addEventListener('error', (event) => reportClientError(event.error ?? new Error(event.message), { source: 'window.onerror' }));
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason, { source: 'unhandledrejection' }));
}

if (typeof window !== 'undefined') listen();

export function ErrorReporter() {
  useEffect(() => {
    listen();
    document.documentElement.dataset.errorReporter = 'on';
  }, []);
  return null;
}
