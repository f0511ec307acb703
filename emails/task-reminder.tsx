// Task reminder: a gentle note that a task is due soon, with a link to the dashboard.
// Sent by the reminders job for users who keep e-mail reminders on.
import { Button, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type TaskReminderProps = {
  name: string;
  taskTitle: string;
  /** Already formatted for the reader, e.g. "today at 14:30" or "Sat 22 Nov, 09:30". */
  dueText: string;
  dashboardLink: string;
  /** Where the reader turns reminders off (the account page). */
  preferencesLink: string;
};

export function taskReminderSubject({ taskTitle }: Pick<TaskReminderProps, 'taskTitle'>): string {
  const title = taskTitle.replace(/\s+/g, ' ').trim();
  return `Due soon: ${title.length > 80 ? `${title.slice(0, 79)}…` : title}`;
}

export default function TaskReminder({ name, taskTitle, dueText, dashboardLink, preferencesLink }: TaskReminderProps) {
  return (
    <EmailLayout preview={`${taskTitle} is due ${dueText}`}>
      <Text className="ot-text" style={textStyle}>
        Hi {name},
      </Text>
      <Text className="ot-text" style={textStyle}>
        A gentle reminder: this task is due {dueText}.
      </Text>
      <Text
        className="ot-quote"
        style={{ ...textStyle, backgroundColor: '#f1f4f8', borderRadius: '8px', padding: '12px 16px', fontWeight: 600 }}
      >
        {taskTitle}
      </Text>
      <Button className="ot-button" href={dashboardLink} style={buttonStyle}>
        Open my dashboard
      </Button>
      <Text className="ot-muted" style={{ ...mutedStyle, marginTop: '20px' }}>
        One thing at a time. You can turn these reminders off in your account settings: {preferencesLink}
      </Text>
    </EmailLayout>
  );
}

export function taskReminderText({ name, taskTitle, dueText, dashboardLink, preferencesLink }: TaskReminderProps): string {
  return [
    `Hi ${name},`,
    '',
    `A gentle reminder: this task is due ${dueText}.`,
    '',
    `  ${taskTitle}`,
    '',
    `Open your dashboard: ${dashboardLink}`,
    '',
    `One thing at a time. Turn these reminders off in your account settings: ${preferencesLink}`,
    '',
    '-- Onething: one task at a time.',
  ].join('\n');
}

TaskReminder.PreviewProps = {
  name: 'Ada',
  taskTitle: 'Send the quarterly report',
  dueText: 'today at 14:30',
  dashboardLink: 'http://localhost:3000/dashboard',
  preferencesLink: 'http://localhost:3000/account',
} satisfies TaskReminderProps;
