// The e-mails Onething sends, rendered from the react-email templates in emails/ to HTML plus a
// hand-written plain-text part (links on lines of their own, so they work when clicked).
import { render } from '@react-email/render';
import ConfirmEmailChange, {
  confirmEmailChangeSubject,
  confirmEmailChangeText,
  type ConfirmEmailChangeProps,
} from '@emails/confirm-email-change';
import EmailChangeNotice, { emailChangeNoticeSubject, emailChangeNoticeText, type EmailChangeNoticeProps } from '@emails/email-change-notice';
import ContactNotice, { contactNoticeSubject, contactNoticeText, type ContactNoticeProps } from '@emails/contact-notice';
import PasswordChanged, { passwordChangedSubject, passwordChangedText, type PasswordChangedProps } from '@emails/password-changed';
import ResetPassword, { resetPasswordSubject, resetPasswordText, type ResetPasswordProps } from '@emails/reset-password';
import TaskReminder, { taskReminderSubject, taskReminderText, type TaskReminderProps } from '@emails/task-reminder';
import VerifyEmail, { verifyEmailSubject, verifyEmailText, type VerifyEmailProps } from '@emails/verify-email';
import type { OutgoingMail } from './transport';

export async function verifyEmailMail(to: string, props: VerifyEmailProps): Promise<OutgoingMail> {
  return { to, kind: 'verify', subject: verifyEmailSubject, html: await render(<VerifyEmail {...props} />), text: verifyEmailText(props) };
}

/** To the new address of a requested e-mail change (no requester text: see the template). */
export async function confirmEmailChangeMail(to: string, props: ConfirmEmailChangeProps): Promise<OutgoingMail> {
  return {
    to,
    kind: 'email-change',
    subject: confirmEmailChangeSubject,
    html: await render(<ConfirmEmailChange {...props} />),
    text: confirmEmailChangeText(props),
  };
}

/** To the account's current address when a change to another one is requested. */
export async function emailChangeNoticeMail(to: string, props: EmailChangeNoticeProps): Promise<OutgoingMail> {
  return {
    to,
    kind: 'email-change-notice',
    subject: emailChangeNoticeSubject,
    html: await render(<EmailChangeNotice {...props} />),
    text: emailChangeNoticeText(props),
  };
}

/** To the account's address after a signed-in password change. */
export async function passwordChangedMail(to: string, props: PasswordChangedProps): Promise<OutgoingMail> {
  return {
    to,
    kind: 'password-changed',
    subject: passwordChangedSubject,
    html: await render(<PasswordChanged {...props} />),
    text: passwordChangedText(props),
  };
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
