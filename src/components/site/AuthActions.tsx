'use client';
// Sign in / Get started for visitors, a Dashboard button for people already signed in.
import { LinkButton } from '../Button';
import { useSignedIn } from '../useSignedIn';

export function HeaderAuthActions() {
  const state = useSignedIn();
  if (state === 'signed-in') {
    return (
      <LinkButton href="/dashboard" size="sm">
        Dashboard
      </LinkButton>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <LinkButton href="/signin" variant="ghost" size="sm">
        Sign in
      </LinkButton>
      <LinkButton href="/signup" size="sm">
        Get started
      </LinkButton>
    </div>
  );
}

export function HeroAuthActions({ tour = true }: { tour?: boolean }) {
  const state = useSignedIn();
  if (state === 'signed-in') {
    return (
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/dashboard" size="lg">
          Go to your Dashboard
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      <LinkButton href="/signup" size="lg">
        Start free
      </LinkButton>
      {tour ? (
        <LinkButton href="#how-it-works" size="lg" variant="secondary">
          See how it works
        </LinkButton>
      ) : null}
    </div>
  );
}
