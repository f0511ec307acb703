// /terms: the terms of service, in plain words, describing the product as it really works
// (plans and limits from constants.ts, Stripe billing, AI suggestions, the API).
import type { Metadata } from 'next';
import Link from 'next/link';
import { PLAN_LIMITS, PLUS_PRICE, PRIVACY_POLICY } from '@/lib/constants';
import { formatPrice } from '@/lib/pricing';
import { LegalDocument, type LegalSection } from '../_legal/LegalDocument';

export const metadata: Metadata = {
  title: 'Terms of Service',
  description: 'The agreement between you and Onething: your account, the Free and Plus plans, payments, AI suggestions and fair use.',
};

/** Updated together with the privacy policy. */
const TERMS_LAST_UPDATED = PRIVACY_POLICY.lastUpdated;

const free = PLAN_LIMITS.free;
const plus = PLAN_LIMITS.plus;
const price = `${formatPrice(PLUS_PRICE.amount, 'UK')} or ${formatPrice(PLUS_PRICE.amount, 'USA')}`;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'This agreement',
    body: (
      <>
        <p>
          These terms are the agreement between you and the people who run this Onething service (&ldquo;we&rdquo;, &ldquo;us&rdquo;).
          By making an account or using Onething you accept them. If you do not agree, please do not use the service.
        </p>
        <p>
          Our <Link prefetch={false} href="/privacy">Privacy Policy</Link> explains what we do with your personal data and is part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'What Onething is',
    body: (
      <p>
        Onething is a task manager and focus-session app. You keep a list of tasks and subtasks, run focus sessions with a clock, Pomodoro,
        timer or stopwatch, see your tasks on a calendar, and can ask for AI help to plan a session or break a task into steps. It is a
        tool to help you organise your own work; it is not medical, legal or professional advice.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 13 years old, and old enough where you live to agree to these terms, to make an account.</li>
        <li>Give your real e-mail address and verify it: the app needs a verified address before it holds your tasks and sessions.</li>
        <li>Keep your password to yourself. You are responsible for what happens in your account, so tell us at once if you think someone else has got in.</li>
        <li>One person per account. Accounts are personal and cannot be shared or sold.</li>
      </ul>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and monthly limits',
    body: (
      <>
        <p>There are two plans:</p>
        <ul>
          <li>
            <strong>Free</strong>: {free.tasks} tasks, {free.sessions} sessions, {free.aiBreakdowns} AI breakdowns and {free.aiSessions}{' '}
            AI sessions each month, at no cost.
          </li>
          <li>
            <strong>Plus</strong>: unlimited tasks and sessions, {plus.aiBreakdowns} AI breakdowns and {plus.aiSessions} AI sessions each
            month, and priority support.
          </li>
        </ul>
        <p>
          Limits count what you create in a calendar month (UTC) and start again on the first of the next month. Every task you create
          counts, subtasks and AI-suggested ones included, and deleting something does not give its place back. When you reach a limit the
          app tells you; everything you already have stays available.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Paying for Plus',
    body: (
      <ul>
        <li>
          Plus costs {price} a month (shown against a usual price of {formatPrice(PLUS_PRICE.was, 'UK')} or{' '}
          {formatPrice(PLUS_PRICE.was, 'USA')}), in the currency you choose, including any taxes shown at checkout.
        </li>
        <li>
          Payments are taken by Stripe, our payment provider, on its own secure pages. Your subscription renews every month until you
          cancel it.
        </li>
        <li>
          You can cancel at any time in Account, Subscription. Cancelling stops future payments; you keep Plus until the end of the month
          you have paid for, and then your account moves to Free with its limits. Your tasks and sessions stay.
        </li>
        <li>
          We do not refund part-months, except where the law gives you a right to a refund. If you are a consumer in the UK or EU you may
          have a right to cancel within 14 days of first subscribing; by starting to use Plus at once you agree that we may take a
          proportionate amount for the days you used.
        </li>
        <li>If we change the price, we tell you at least 30 days before it applies to you, and you can cancel before then.</li>
        <li>If a payment fails, Stripe may try again; if it keeps failing, your account moves to Free.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          Your tasks, notes and sessions are yours. You give us only the permission we need to store them, show them to you, send the
          reminders you asked for and, when you ask, pass the needed parts to the AI service to produce a suggestion. We do not use your
          content for anything else, and we do not sell it.
        </p>
        <p>
          You can get a copy of your data through the API or by asking us, and delete it at any time; see the{' '}
          <Link prefetch={false} href="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'AI suggestions',
    body: (
      <p>
        AI plans and breakdowns are suggestions produced automatically. They can be wrong, incomplete or unsuitable, and time estimates
        and suggested deadlines are guesses. You decide what to add and what to do; please do not rely on a suggestion where a mistake
        could cause harm. Where the service has no AI provider set up, a simpler built-in planner makes the suggestions instead.
      </p>
    ),
  },
  {
    id: 'fair-use',
    title: 'Fair use',
    body: (
      <>
        <p>Please do not:</p>
        <ul>
          <li>break the law, or use Onething to store or send content that is unlawful, harmful or infringes someone else&apos;s rights;</li>
          <li>try to get into other people&apos;s accounts or data, or probe, scan or test the service&apos;s security without our permission;</li>
          <li>overload the service, get around its limits or rate limits, or use automated means to create accounts;</li>
          <li>copy, resell or rebrand the service, or use the contact form or e-mail features to send spam.</li>
        </ul>
        <p>
          The REST API and personal access tokens are for your own data and your own tools. Keep tokens secret; anyone who has one can act
          as you through the API.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep Onething running and your data safe, but we cannot promise the service will always be available or free of
        faults. Some parts, such as e-mail, payments or AI, depend on other providers and may be unavailable for a while; the app tells you
        when that happens. We may improve or change features; if we make a change that takes away something important you pay for, we
        will tell you in advance and you can cancel.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    body: (
      <>
        <p>
          You can stop at any time by deleting your account in Account, Account Actions. This deletes your data at once, as the Privacy
          Policy describes. Cancel a Plus subscription first so that you are not charged again.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, or when the law requires it. Unless the law
          or the risk of harm prevents it, we will tell you why first and give you the chance to get a copy of your data.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <>
        <p>
          Nothing in these terms limits your rights as a consumer, or our responsibility for death or personal injury caused by our
          negligence, or for fraud. We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or
          failing to use reasonable care.
        </p>
        <p>
          We are not responsible for loss that was not foreseeable, for business losses (Onething is offered for personal use), or for
          decisions you make based on AI suggestions. Where the law allows us to limit our liability, it is limited to the amount you paid
          us in the twelve months before the claim.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms, for example when the service or the law changes. We show the date of the latest version at the top, and
        tell you by e-mail or in the app before an important change takes effect. If you keep using Onething after that, the new terms
        apply; if you do not agree, you can delete your account.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Law and disputes',
    body: (
      <p>
        These terms are governed by the law of England and Wales. If you live elsewhere in the UK or in the EU, you keep the protection of
        the consumer law where you live and can bring a claim in your local courts. Please talk to us first: most problems are solved
        quickest that way.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: write to us through the <Link prefetch={false} href="/contact">contact page</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      meta={`Last updated ${TERMS_LAST_UPDATED}`}
      intro={<p>The agreement between you and Onething, in plain words: your account, the plans and their limits, payments, AI suggestions and fair use.</p>}
      sections={sections}
    />
  );
}
