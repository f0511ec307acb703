// Contact notice: a message from the contact form, sent to the operator (CONTACT_TO).
import { Text } from '@react-email/components';
import { EmailLayout, mutedStyle, textStyle } from './components/layout';

export type ContactNoticeProps = { name: string; email: string; message: string; receivedAt: string; signedIn: boolean };

export function contactNoticeSubject({ name }: Pick<ContactNoticeProps, 'name'>): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  return `Contact form: message from ${clean.length > 60 ? `${clean.slice(0, 59)}…` : clean}`;
}

export default function ContactNotice({ name, email, message, receivedAt, signedIn }: ContactNoticeProps) {
  return (
    <EmailLayout preview={`A message from ${name}`}>
      <Text className="ot-text" style={textStyle}>
        A new message arrived through the contact form.
      </Text>
      <Text className="ot-muted" style={mutedStyle}>
        From: {name} &lt;{email}&gt;{signedIn ? ' (signed in)' : ''}
        <br />
        Received: {receivedAt}
      </Text>
      <Text
        className="ot-quote"
        style={{ ...textStyle, backgroundColor: '#f1f4f8', borderRadius: '8px', padding: '12px 16px', whiteSpace: 'pre-wrap' }}
      >
        {message}
      </Text>
      <Text className="ot-muted" style={mutedStyle}>
        Reply to this e-mail to answer {name}.
      </Text>
    </EmailLayout>
  );
}

export function contactNoticeText({ name, email, message, receivedAt, signedIn }: ContactNoticeProps): string {
  return [
    'A new message arrived through the contact form.',
    '',
    `From: ${name} <${email}>${signedIn ? ' (signed in)' : ''}`,
    `Received: ${receivedAt}`,
    '',
    message,
    '',
    `Reply to this e-mail to answer ${name}.`,
  ].join('\n');
}

ContactNotice.PreviewProps = {
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Hello! I love the calm timer.',
  receivedAt: '2026-11-22T09:30:00.000Z',
  signedIn: false,
} satisfies ContactNoticeProps;
