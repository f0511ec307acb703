// The e-mails Onething sends, rendered from the react-email templates in emails/ to HTML plus a
// hand-written plain-text part (links on lines of their own, so they work when clicked).
import { render } from '@react-email/render';
import ContactNotice, { contactNoticeSubject, contactNoticeText, type ContactNoticeProps } from '@emails/contact-notice';
import ResetPassword, { resetPasswordSubject, resetPasswordText, type ResetPasswordProps } from '@emails/reset-password';
import TaskReminder, { taskReminderSubject, taskReminderText, type TaskReminderProps } from '@emails/task-reminder';
import VerifyEmail, { verifyEmailSubject, verifyEmailText, type VerifyEmailProps } from '@emails/verify-email';
import type { OutgoingMail } from './transport';

export async function verifyEmailMail(to: string, props: VerifyEmailProps): Promise<OutgoingMail> {
  return { to, kind: 'verify', subject: verifyEmailSubject, html: await render(<VerifyEmail {...props} />), text: verifyEmailText(props) };
}

export async function resetPasswordMail(to: string, props: ResetPasswordProps): Promise<OutgoingMail> {
  return { to, kind: 'reset', subject: resetPasswordSubject, html: await render(<ResetPassword {...props} />), text: resetPasswordText(props) };
}

/** For the reminders job: `dueText` is already formatted in the reader's time zone. */
export async function taskReminderMail(to: string, props: TaskReminderProps): Promise<OutgoingMail> {
  return {
    to,
    kind: 'reminder',
    subject: taskReminderSubject(props),
    html: await render(<TaskReminder {...props} />),
    text: taskReminderText(props),
  };
}

export async function contactNoticeMail(to: string, props: ContactNoticeProps): Promise<OutgoingMail> {
  return {
    to,
    kind: 'contact',
    replyTo: props.email,
    subject: contactNoticeSubject(props),
    html: await render(<ContactNotice {...props} />),
    text: contactNoticeText(props),
  };
}
