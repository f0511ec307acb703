// The privacy policy's sections, first part: who we are, what we keep and why, the AI, e-mail,
// payments and browser storage (./page.tsx puts them together).
import Link from 'next/link';
import { REMINDER_WINDOW_HOURS, RESET_TOKEN_TTL_HOURS, STORAGE_KEYS, VERIFY_TOKEN_TTL_HOURS } from '@/lib/constants';
import type { LegalSection } from '../_legal/LegalDocument';
import { TODAY_KEPT_COOKIE } from '@/features/today/today-kept';

export const whatWeKeep: LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    body: (
      <ul>
        <li>We keep what the app needs to work: your account, your tasks, your focus sessions and how much of your plan you have used this month.</li>
        <li>We do not sell your data, show adverts, or use tracking or analytics cookies.</li>
        <li>
          Your tasks go to an AI service only when you ask for a plan or a breakdown, and only the parts that request needs. Your name
          and e-mail address never go to it.
        </li>
        <li>Card payments are handled by Stripe. Your card number never reaches our servers.</li>
        <li>You can get a copy of your data at any time, and deleting your account deletes all of it at once.</li>
      </ul>
    ),
  },
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Onething is a task manager and focus-session app. The people who run this Onething service (&ldquo;we&rdquo;, &ldquo;us&rdquo;)
          decide how your personal data is used and are responsible for it under data-protection law, including the UK GDPR and the EU
          GDPR where they apply.
        </p>
        <p>
          You can reach us about anything in this policy through the <Link prefetch={false} href="/contact">contact page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <dl>
          <dt>Your account</dt>
          <dd>
            Your name, e-mail address and password. We never store the password itself: we keep only a one-way fingerprint of it made
            with argon2id, a method built to be slow to crack, so not even we can read it. We also record whether your e-mail address is
            verified, your plan (Free or Plus), and when the account was created.
          </dd>
          <dt>Your tasks</dt>
          <dd>
            Each task&apos;s title, description, importance, difficulty, due date, colour, whether and when it was completed, which task
            it belongs under (for subtasks), whether an AI suggested it, and which focus session it was created or completed in.
          </dd>
          <dt>Your focus sessions</dt>
          <dd>
            Each session&apos;s name, clock mode and timings (such as Pomodoro work and break lengths), when it started, the tasks you
            chose for it, whether it was planned by AI, and the mood you picked for an AI session.
          </dd>
          <dt>Usage counters</dt>
          <dd>
            How many tasks, sessions, AI breakdowns and AI sessions you created this month, so we can apply your plan&apos;s monthly
            limits. The counters start again each calendar month.
          </dd>
          <dt>Your preferences</dt>
          <dd>Whether you want task reminders, product news and the newsletter by e-mail.</dd>
          <dt>Billing details (Plus only)</dt>
          <dd>
            The customer and subscription references Stripe gives us, the state of your subscription and when the current paid period
            ends. Not your card details (see <a href="#payments">Payments</a>).
          </dd>
          <dt>Messages you send us</dt>
          <dd>The name, e-mail address and message you write in the contact form.</dd>
          <dt>Security records</dt>
          <dd>
            Short-lived records that count attempts, such as failed sign-ins, sign-ups and password-reset requests, keyed to an e-mail
            address or the network (IP) address the request came from, so we can slow down anyone trying to break in or send floods of
            e-mail. Single-use links for verifying your e-mail address (valid {VERIFY_TOKEN_TTL_HOURS} hours) and resetting your password
            (valid {RESET_TOKEN_TTL_HOURS} hour) are stored only as fingerprints, like passwords.
          </dd>
          <dt>Access tokens and calendar feed</dt>
          <dd>
            If you create a personal access token for the API, or switch on a private calendar feed where the app offers one, we keep a
            fingerprint of the token and when it was last used. Anyone who has a token or feed address can read what it gives access
            to, so keep them private; you can revoke them at any time.
          </dd>
        </dl>
        <p>
          We do not collect your location, your contacts, or anything from your device beyond what your browser sends with every request.
          Our server logs record errors and events without personal data such as names, e-mail addresses or task text.
        </p>
        <h3>Why we may use it (legal bases)</h3>
        <ul>
          <li>
            <strong>To provide the service you signed up for</strong> (contract): your account, tasks, sessions, usage counters, service
            e-mails such as verification and password reset, and billing for Plus.
          </li>
          <li>
            <strong>Legitimate interests</strong>: keeping the service secure and working (rate limits, error records), answering your
            messages, and task reminders, which you can switch off.
          </li>
          <li>
            <strong>Your choice</strong>: product news and the newsletter. You can say no at any time, and it changes nothing else.
          </li>
          <li>
            <strong>Legal obligations</strong>: keeping payment records for as long as tax law requires.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'AI features',
    body: (
      <>
        <p>Onething has two optional AI features: planning a session by mood, and breaking a task down into smaller steps.</p>
        <ul>
          <li>
            Nothing is sent to an AI service until you ask for one of these. Then we send only what that request needs: for a breakdown,
            the task&apos;s title, importance, difficulty and due date, and the notes you typed; for a plan, the mood and clock you chose
            and, for each open task, its title, importance, difficulty, due date and how many days old it is.
          </li>
          <li>We never send your name, your e-mail address or your password to the AI service.</li>
          <li>
            The AI service is the OpenAI-compatible provider this Onething service is set up with. It processes the request on our behalf
            to produce the answer. Where no provider is set up, a built-in planner on our own server answers instead, with simple,
            explainable rules, and nothing leaves our server.
          </li>
          <li>
            Suggestions are only suggestions. Nothing is added to your list unless you choose it, and AI-suggested tasks are marked as such.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'email',
    title: 'E-mails we send',
    body: (
      <ul>
        <li>
          <strong>Account e-mails</strong>: a link to verify your e-mail address and, if you ask for one, a link to reset your password.
          These are part of having an account.
        </li>
        <li>
          <strong>Task reminders</strong>: a short e-mail about tasks due in the next {REMINDER_WINDOW_HOURS} hours. You can switch them
          off in Account, Email Preferences.
        </li>
        <li>
          <strong>Product news and the newsletter</strong>: occasional news about Onething. Each has its own switch in Account, Email
          Preferences, and every such e-mail says how to stop it.
        </li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        When you upgrade to Plus, you pay on a page run by Stripe, our payment provider. Stripe collects and keeps your card details under
        its own privacy policy and the card industry&apos;s security rules; your card number never passes through or is stored on our
        servers. Stripe tells us whether a payment succeeded and the state of your subscription, and we keep the references and status
        described above. You can manage or cancel your subscription from your account page.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>We use no advertising, tracking or analytics cookies. What we do keep in your browser:</p>
        <ul>
          <li>
            <strong>A sign-in cookie</strong> that keeps you signed in. It cannot be read by scripts on the page and is removed when you
            sign out. Without it the app cannot know it is you.
          </li>
          <li>
            <strong>Your cookie choice</strong> (<code>{STORAGE_KEYS.cookieConsent}</code>), so the cookie notice does not ask again.
          </li>
          <li>
            <strong>Your theme</strong> (<code>{STORAGE_KEYS.theme}</code>): Light, Dark or System.
          </li>
          <li>
            <strong>Your current focus session</strong>: which session is open, its clock settings and when it started, kept in the
            browser tab so a reload does not lose your place.
          </li>
          <li>
            <strong>A copy of your tasks, sessions and profile</strong>, so pages open quickly. It is cleared when you sign out.
          </li>
          <li>
            <strong>“Keep anyway” for today</strong> (<code>{TODAY_KEPT_COOKIE}</code>), a cookie with the date you kept a day that holds
            more than its time left, so the dashboard does not offer those choices again that day. It lasts two days at most and is
            removed when you sign out.
          </li>
          <li>
            <strong>Your currency and an upgrade you started</strong> before making an account, so we can pick up where you left off.
          </li>
        </ul>
        <p>
          Declining in the cookie notice is remembered. Since we only use what the app needs to work, declining changes nothing else: the
          sign-in cookie is set only when you sign in, because signing in is impossible without it. You can clear all of this at any
          time in your browser&apos;s settings.
        </p>
      </>
    ),
  },
];
