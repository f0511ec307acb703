// Any unknown path: a calm 404 with Go Home and Go Back.
import type { Metadata } from 'next';
import { BackButton } from '@/components/BackButton';
import { buttonClass } from '@/components/ButtonCore';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="tabular text-6xl font-semibold text-muted" aria-hidden>
        404
      </p>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p className="text-muted">This page does not exist or has moved. Nothing is lost — let&apos;s get you back.</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {/* A plain link: this boundary's chunk is in every page's first load, and next/link would
            be a second copy there (Turbopack does not share it with the layouts' chunks). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className={buttonClass('primary')}>
          Go Home
        </a>
        <BackButton />
      </div>
    </main>
  );
}
