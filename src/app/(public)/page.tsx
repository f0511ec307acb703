// Landing (/): what Onething does, shown rather than told — one task at a time, the five clock
// modes, planning by mood, breakdowns, the calendar — and the prices.
// A server page; only the sign-in-aware buttons and the pricing tabs run in the browser
// (src/components/site/Pricing.tsx).
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { HeroAuthActions } from '@/components/site/AuthActions';
import { Pricing } from '@/components/site/Pricing';
import { SiteLayout } from '@/components/site/SiteLayout';
import { PLAN_LIMITS, REMINDER_WINDOW_HOURS, SESSION_DEFAULTS } from '@/lib/constants';
import { planCardsByCountry } from '@/lib/pricing';
import { BreakdownMock, CalendarMock, FocusScreenMock, ModeCards, MoodPlanMock } from './_landing/Mocks';

export const metadata: Metadata = {
  title: { absolute: 'Onething — one task at a time' },
  description:
    'A calm task manager and focus timer. Onething shows you one task at a time, with five clock modes, AI planning by mood, task breakdowns and a calendar.',
};

function Section({ id, eyebrow, title, children, intro }: { id?: string; eyebrow?: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          {eyebrow ? <p className="text-sm font-medium text-accent">{eyebrow}</p> : null}
          <h2 id={id ? `${id}-title` : undefined} className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro ? <div className="mt-4 text-lg leading-relaxed text-muted">{intro}</div> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

function Feature({ title, children, picture, flip = false }: { title: string; children: ReactNode; picture: ReactNode; flip?: boolean }) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
      <div className={flip ? 'lg:order-2' : ''}>
        <h3 className="text-2xl font-semibold tracking-tight">{title}</h3>
        <div className="mt-4 space-y-4 text-base leading-relaxed text-muted">{children}</div>
      </div>
      <div className={flip ? 'lg:order-1' : ''}>{picture}</div>
    </div>
  );
}

function Points({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2 text-text">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function LandingPage() {
  return (
    <SiteLayout sectionLinks>
      <section className="px-4 pb-16 pt-12 sm:px-6 sm:pb-24 sm:pt-20">
        <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
          <div>
            <p className="text-sm font-medium text-accent">A calm task manager and focus timer</p>
            <h1 className="mt-3 text-4xl font-semibold leading-[1.1] tracking-tight sm:text-6xl">One task at a time.</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
              Onething shows you the next thing to do, and nothing else. Pick a clock, start a focus session, and let the rest of
              your list wait quietly until it is its turn.
            </p>
            <div className="mt-8">
              <HeroAuthActions />
            </div>
            <p className="mt-4 text-sm text-muted">Free to start. No card needed.</p>
          </div>
          <FocusScreenMock />
        </div>
      </section>

      <div className="border-t border-border bg-surface/60">
        <Section
          id="how-it-works"
          eyebrow="How it works"
          title="A list that stays out of your way"
          intro="Write your tasks down once, with a due date, how important and how hard each one is. Then start a session and meet them one at a time."
        >
          <div className="space-y-20 sm:space-y-28">
            <Feature title="Only the task in front of you" picture={<FocusScreenMockSmall />}>
              <p>
                A focus session shows your current task large and centred, with the next few waiting quietly beside it. Finish it, and
                the next one steps up.
              </p>
              <Points
                items={[
                  'Tasks come in order of their due date, the ones without a date last.',
                  `A session holds up to ${SESSION_DEFAULTS.maxTasks} tasks by default, so the list never towers over you.`,
                  'Thought of something mid-session? Add it without leaving the screen.',
                  'Full screen, and the controls hide themselves until you need them.',
                ]}
              />
            </Feature>
          </div>
        </Section>
      </div>

      <Section
        id="clock-modes"
        eyebrow="Five clock modes"
        title="Keep time the way that suits you"
        intro="Every session has a display mode. Choose one when you start, and the clock is the biggest thing on the screen, with steady digits that never jump."
      >
        <ModeCards />
      </Section>

      <div className="border-y border-border bg-surface/60">
        <Section id="ai" eyebrow="Help when you want it" title="Plan by how you feel, break big tasks down">
          <div className="space-y-20 sm:space-y-28">
            <Feature title="Plan a session by mood" picture={<MoodPlanMock />}>
              <p>
                Tell Onething whether you feel energetic, focused, relaxed, tired or stressed. It suggests which of your open tasks to
                take on now, why each one fits, and roughly how long it will take.
              </p>
              <p>You choose the clock, name the session if you like, and start.</p>
            </Feature>
            <Feature title="Break a big task into small steps" picture={<BreakdownMock />} flip>
              <p>
                Pick a task that feels too big, say a little about it, and get a list of smaller steps with a time estimate, a
                difficulty and sometimes a date to aim for, plus a few helpful tips.
              </p>
              <p>Add the steps you like as subtasks with one click each. Nothing is added unless you choose it.</p>
            </Feature>
          </div>
        </Section>
      </div>

      <Section id="calendar" eyebrow="Calendar" title="See the month at a glance">
        <Feature title="Every task on its day, in its colour" picture={<CalendarMock />}>
          <p>
            Month and week views show your tasks by due date in the colours you gave them. Pick a day to see its list, open tasks first
            and finished ones under a Done badge. Click an hour in the week view to add a task right there.
          </p>
          <p>
            And if you like, a short e-mail reminds you of tasks due in the next {REMINDER_WINDOW_HOURS} hours. You can switch reminders
            off any time.
          </p>
        </Feature>
      </Section>

      <div className="border-y border-border bg-surface/60">
        <Section id="calm" eyebrow="Made for busy minds" title="Less on the screen, more done">
          <ul className="grid gap-6 md:grid-cols-3">
            {[
              {
                title: 'Nothing to scroll',
                text: 'No feeds, streaks or badges to chase. The screen shows one task and one clock, and everything else recedes.',
              },
              {
                title: 'Easy on the eyes',
                text: 'Light and dark themes, both designed for comfort, that follow your system if you want. Motion stops when you ask your device for less.',
              },
              {
                title: 'Quick by keyboard',
                text: 'Shortcuts take you to your dashboard, session, breakdowns and account, and never steal keys while you type.',
              },
            ].map((item) => (
              <li key={item.title} className="rounded-card border border-border bg-surface p-6">
                <h3 className="text-base font-semibold">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{item.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 max-w-2xl text-muted">
            Built for students, remote workers, people with ADHD, and anyone whose to-do list has started to shout.
          </p>
        </Section>
      </div>

      <Section
        id="pricing"
        eyebrow="Pricing"
        title="Simple prices"
        intro={`Start free with ${PLAN_LIMITS.free.tasks} tasks and ${PLAN_LIMITS.free.sessions} sessions a month. Upgrade when you want more, cancel whenever you like.`}
      >
        <div className="mx-auto max-w-4xl">
          <Pricing plans={planCardsByCountry()} />
        </div>
      </Section>

      <section className="border-t border-border px-4 py-20 sm:px-6">
        <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
          <h2 className="text-3xl font-semibold tracking-tight">Ready for one thing?</h2>
          <p className="mt-4 text-lg text-muted">Make an account in a minute and start your first session today.</p>
          <div className="mt-8">
            <HeroAuthActions tour={false} />
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}

/** The hero shows the full focus screen; this section repeats a simpler "up next" picture. */
function FocusScreenMockSmall() {
  return (
    <div
      role="img"
      aria-label="Picture of a session's task list: the current task is large at the top, and the next two tasks wait below in smaller, quieter type."
      className="rounded-card border border-border bg-surface p-6 shadow-sm"
    >
      <p className="text-xs font-medium text-muted">Now</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight">Draft the project summary</p>
      <p className="mt-1 text-sm text-muted">Due today, 14:00</p>
      <div className="mt-6 space-y-2 border-t border-border pt-4">
        <p className="text-xs font-medium text-muted">Up next</p>
        {['Reply to Sam', 'Book the dentist'].map((title) => (
          <p key={title} className="text-sm text-muted">
            {title}
          </p>
        ))}
      </div>
    </div>
  );
}
