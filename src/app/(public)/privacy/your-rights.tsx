// The privacy policy's sections, second part: sharing, retention, your rights, deleting, security,
// children, changes and contact (./page.tsx puts them together).
import Link from 'next/link';
import { RESET_TOKEN_TTL_HOURS, VERIFY_TOKEN_TTL_HOURS } from '@/lib/constants';
import type { LegalSection } from '../_legal/LegalDocument';

export const yourRights: LegalSection[] = [
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell or rent your personal data, and we do not share it for advertising. We use a few service providers who act on our instructions:</p>
        <ul>
          <li>our hosting and database provider, which stores the service&apos;s data;</li>
          <li>our e-mail delivery provider, which sends the e-mails described above;</li>
          <li>the AI provider, only for the requests you make, as described above;</li>
          <li>Stripe, for payments;</li>
          <li>an error-reporting service, if we use one, which receives technical error details without your personal data.</li>
        </ul>
        <p>
          We may also disclose data when the law requires it, or to protect people from harm, and if the service changes hands the new
          operator would be bound by this policy.
        </p>
        <p>
          Some providers may handle data outside the UK or the European Economic Area. When they do, we rely on the legal safeguards the
          law provides for this, such as adequacy decisions or standard contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Your account, tasks, sessions, usage counters and preferences: for as long as you have the account.</li>
        <li>Completed tasks and past sessions stay until you delete them or your account, so your history stays yours.</li>
        <li>
          Verification and password-reset links: they stop working after {VERIFY_TOKEN_TTL_HOURS} hours and {RESET_TOKEN_TTL_HOURS} hour
          respectively, or as soon as they are used.
        </li>
        <li>Security records that count attempts: only as long as the limit they enforce needs, at most a day.</li>
        <li>Messages sent through the contact form: as long as we need to answer them and keep a record of the conversation, and you can ask us to delete them.</li>
        <li>Payment records: as long as tax and accounting law requires, usually six years.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>You can, at any time:</p>
        <ul>
          <li>
            <strong>See and correct</strong> your name and e-mail address in Account, and edit any task or session.
          </li>
          <li>
            <strong>Get a copy</strong> of your data: your tasks and sessions are available as JSON through the API (see the{' '}
            <Link prefetch={false} href="/docs">API reference</Link>), or ask us through the contact page and we will send you everything we hold about
            you within a month.
          </li>
          <li>
            <strong>Delete</strong> tasks and sessions one by one, or your whole account (see below).
          </li>
          <li>
            <strong>Say no</strong> to reminders, product news and the newsletter with the switches in Account, Email Preferences.
          </li>
          <li>
            <strong>Object or ask us to restrict</strong> how we use your data, where the law gives you that right.
          </li>
        </ul>
        <p>
          If you are unhappy with how we handle your data, please tell us first. You can also complain to a data-protection authority: in
          the UK that is the Information Commissioner&apos;s Office (ico.org.uk); in the EU, the authority where you live.
        </p>
      </>
    ),
  },
  {
    id: 'deleting',
    title: 'Deleting your account',
    body: (
      <p>
        Delete Account in Account, Account Actions removes your account and everything that belongs to it at once: profile, tasks,
        subtasks, sessions, usage counters, preferences, access tokens and pending links. You are signed out everywhere. If you have a
        Plus subscription, it ends at once and Stripe stops charging you; Stripe keeps its own payment records as the law requires.
        Deleted data cannot be brought back. Copies in backups, if the service keeps any, disappear as those backups are replaced.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Passwords are stored only as argon2id fingerprints, single-use links only as fingerprints too, and your data is kept apart from
        every other user&apos;s: asking for someone else&apos;s task looks exactly like asking for one that does not exist. Connections
        are encrypted where the service is served over HTTPS, sign-in attempts are limited, and changing your password signs out your
        other devices. No system is perfectly secure, and if something went wrong that put your data at risk we would tell you and the
        authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Onething is not meant for children under 13, and we do not knowingly collect their data. If you think a child has made an account, tell us and we will delete it.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the version number and date at the top. If a change matters for how your data is used, we
        will tell you by e-mail or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions, requests for a copy of your data, or anything else about privacy: write to us through the{' '}
        <Link prefetch={false} href="/contact">contact page</Link>. We answer within a month, usually much sooner.
      </p>
    ),
  },
];
