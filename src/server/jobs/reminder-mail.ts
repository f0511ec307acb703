// The reminder e-mail: subject, HTML and plain text for one task due soon, linking to the task
// on the dashboard. A minimal renderer of its own until the shared react-email template
// (emails/task-reminder.tsx) takes over. Plain TypeScript with .ts imports so the command-line
// job (scripts/run-reminders.mjs) can load it with Node directly.
import { DateTime } from 'luxon';

export type ReminderMailInput = {
  taskId: string;
  title: string;
  dueDate: Date;
  name: string;
  appUrl: string;
  /** The reader's IANA time zone (default UTC). */
  timeZone?: string;
};

export type RenderedMail = { subject: string; html: string; text: string };

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function taskLink(appUrl: string, taskId: string): string {
  return `${appUrl}/dashboard?task=${encodeURIComponent(taskId)}`;
}

export function renderReminderMail(input: ReminderMailInput): RenderedMail {
  const zone = input.timeZone ?? 'UTC';
  const due = DateTime.fromJSDate(input.dueDate, { zone });
  const when = `${due.toFormat("cccc d LLLL yyyy, HH:mm")} ${zone === 'UTC' ? 'UTC' : `(${zone})`}`;
  const iso = due.toISO({ suppressMilliseconds: true }) ?? input.dueDate.toISOString();
  const link = taskLink(input.appUrl, input.taskId);
  // One line: a title with line breaks must not bend the Subject header.
  const subject = `Reminder: "${input.title.replace(/\s+/g, ' ')}" is due soon`;
  const text = [
    `Hi ${input.name},`,
    '',
    `Your task "${input.title}" is due ${when} (${iso}).`,
    '',
    `Open it: ${link}`,
    '',
    'You get this because e-mail reminders are on. You can turn them off under Email Preferences on your account page.',
    '',
    'Onething',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111827;line-height:1.5">
<p>Hi ${escapeHtml(input.name)},</p>
<p>Your task <strong>${escapeHtml(input.title)}</strong> is due <time datetime="${iso}">${escapeHtml(when)}</time>.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#3B82F6;color:#ffffff;border-radius:6px;text-decoration:none">Open the task</a></p>
<p style="color:#6b7280;font-size:13px">You get this because e-mail reminders are on. You can turn them off under Email Preferences on your account page.</p>
</body></html>`;
  return { subject, html, text };
}
