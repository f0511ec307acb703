// The frame of the account pages (sign-in, sign-up, verification, password reset, the MCP
// consent): the name at the top, one calm card in the middle, and the site footer (legal links,
// theme choice). The typed API client and the tab's query cache are not mounted here: the pages
// whose first screen talks to the API mount them around their form (verification, password reset,
// the MCP consent); sign-in and sign-up load them with the code that sends (docs/architecture.md).
import type { ReactNode } from 'react';
import { Logo } from '@/components/Logo';
import { SiteFooter } from '@/components/site/SiteFooter';
import { SkipLink } from '@/components/SkipLink';

export function AuthLayout({ children, width = 'md' }: { children: ReactNode; width?: 'md' | 'lg' }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="px-4 sm:px-6">
        <div className="mx-auto flex h-16 max-w-6xl items-center">
          <Logo />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 justify-center px-4 pb-16 pt-6 outline-none sm:items-center sm:px-6 sm:pt-10">
        <div className={`w-full ${width === 'lg' ? 'max-w-xl' : 'max-w-md'}`}>
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The card that holds an account form or a result. */
export function AuthCard({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-card border border-border bg-surface p-6 shadow-sm sm:p-8 ${className}`}>{children}</div>;
}

/** A short message in a coloured band: an error (announced at once) or a calm notice. */
export function Banner({ tone, children, className = '' }: { tone: 'error' | 'info' | 'success'; children: ReactNode; className?: string }) {
  const tones = {
    error: 'border-danger/40 bg-dangerSoft text-text',
    info: 'border-accent/40 bg-accentSoft text-text',
    success: 'border-success/40 bg-successSoft text-text',
  } as const;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-3 rounded-control border px-4 py-3 text-sm ${tones[tone]} ${className}`}>
      <BannerIcon tone={tone} />
      <div className="min-w-0 flex-1 leading-relaxed">{children}</div>
    </div>
  );
}

function BannerIcon({ tone }: { tone: 'error' | 'info' | 'success' }) {
  const color = tone === 'error' ? 'text-danger' : tone === 'success' ? 'text-success' : 'text-accent';
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden className={`mt-0.5 size-4 shrink-0 ${color}`}>
      {tone === 'success' ? (
        <path d="M4.5 10.5l3.5 3.5 7.5-8" />
      ) : (
        <>
          <circle cx="10" cy="10" r="7.25" />
          <path d={tone === 'error' ? 'M10 6.25v4.5M10 13.5h.01' : 'M10 9v4.75M10 6.5h.01'} />
        </>
      )}
    </svg>
  );
}

/** A large round mark above a result's heading (verified, failed, done). */
export function ResultMark({ tone }: { tone: 'success' | 'error' | 'info' }) {
  const styles = { success: 'bg-successSoft text-success', error: 'bg-dangerSoft text-danger', info: 'bg-accentSoft text-accent' } as const;
  return (
    <span aria-hidden className={`mx-auto flex size-14 items-center justify-center rounded-full ${styles[tone]}`}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-7">
        {tone === 'success' ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : tone === 'error' ? <path d="M7 7l10 10M17 7L7 17" /> : <path d="M4 7l8 6 8-6M4 7v10h16V7" />}
      </svg>
    </span>
  );
}
