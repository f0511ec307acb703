'use client';
// The focus session screen for a signed-out visitor (/session or /sessions/{id} without a valid
// session; the app layout's guard sends every other page to /signin instead): the screen's place
// with the Sign In dialog open over it, and the Sign Up dialog one click away. Signing in reads
// the page again (the guard then lets it through, and the session opens: the tab's current one,
// or the one in the address); signing up goes on to the dashboard, where a new account verifies
// its e-mail and starts its first session. Closing a dialog leaves both buttons on the screen.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { Dialog } from '@/components/Dialog';
import { SignInFields } from '@/features/auth/SignInForm';
import { SignUpForm } from '@/features/auth/SignUpForm';
import { TRPCReactProvider } from '@/trpc/react';

type Open = 'signin' | 'signup' | null;

const linkClass = 'rounded-control font-medium text-accent underline-offset-2 hover:underline';

export function SignedOutSession() {
  const router = useRouter();
  const [open, setOpen] = useState<Open>('signin');
  return (
    <TRPCReactProvider>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Your focus session</h1>
        <p className="text-muted">Sign in to open your focus session, or create an account to start one.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => setOpen('signin')}>Sign In</Button>
          <Button variant="secondary" onClick={() => setOpen('signup')}>
            Sign Up
          </Button>
        </div>
      </div>

      <Dialog open={open === 'signin'} onClose={() => setOpen(null)} title="Sign In" description="Welcome back. Pick up where you left off." size="sm">
        <SignInFields onSignedIn={() => router.refresh()} />
        <p className="mt-6 text-center text-sm text-muted">
          Don&apos;t have an account?{' '}
          <button type="button" className={linkClass} onClick={() => setOpen('signup')}>
            Sign up
          </button>
        </p>
      </Dialog>

      <Dialog
        open={open === 'signup'}
        onClose={() => setOpen(null)}
        title="Sign Up"
        description="Free to start, no card needed. We'll send you a link to verify your email."
        size="sm"
      >
        <SignUpForm
          className="mt-2"
          onCreated={() => router.replace('/dashboard')}
          secondary={(busy) => (
            <Button variant="ghost" onClick={() => setOpen(null)} disabled={busy}>
              Cancel
            </Button>
          )}
        />
        <p className="mt-6 text-center text-sm text-muted">
          Already have an account?{' '}
          <button type="button" className={linkClass} onClick={() => setOpen('signin')}>
            Sign in
          </button>
        </p>
      </Dialog>
    </TRPCReactProvider>
  );
}
