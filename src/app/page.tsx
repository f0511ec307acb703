// Landing page (marketing and pricing are built out by the public-pages issue).
import { LinkButton } from '@/components/Button';

export default function LandingPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-8 px-6 py-16">
      <p className="text-sm font-medium text-muted">Onething</p>
      <h1 className="text-4xl font-semibold leading-tight sm:text-5xl">One task at a time.</h1>
      <p className="text-lg text-muted">
        A calm task list and focus timer. Pick a clock, start a session, and see only the next thing to do.
      </p>
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/signup" size="lg">
          Get started
        </LinkButton>
        <LinkButton href="/signin" size="lg" variant="secondary">
          Sign in
        </LinkButton>
      </div>
    </main>
  );
}
