// Verification e-mail: one button to the /verify/{email}/{token} link, valid for 24 hours.
import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type VerifyEmailProps = { name: string; link: string; hours: number };

export const verifyEmailSubject = 'Confirm your e-mail address for Onething';

export default function VerifyEmail({ name, link, hours }: VerifyEmailProps) {
  return (
    <EmailLayout preview="Confirm your e-mail address to start using Onething">
      <Text className="ot-text" style={textStyle}>
        Hi {name},
      </Text>
      <Text className="ot-text" style={textStyle}>
        Welcome to Onething. Please confirm that this is your e-mail address, and your dashboard is ready.
      </Text>
      <Button className="ot-button" href={link} style={buttonStyle}>
        Verify my e-mail
      </Button>
      <Text className="ot-muted" style={{ ...mutedStyle, marginTop: '20px' }}>
        The link works for {hours} hours. If the button does not open, paste this address into your browser:
      </Text>
      <Text className="ot-muted" style={{ ...mutedStyle, wordBreak: 'break-all' }}>
        <Link href={link}>{link}</Link>
      </Text>
      <Text className="ot-muted" style={mutedStyle}>
        If you did not create an account, you can ignore this e-mail.
      </Text>
    </EmailLayout>
  );
}

export function verifyEmailText({ name, link, hours }: VerifyEmailProps): string {
  return [
    `Hi ${name},`,
    '',
    'Welcome to Onething. Please confirm that this is your e-mail address, and your dashboard is ready:',
    '',
    link,
    '',
    `The link works for ${hours} hours.`,
    'If you did not create an account, you can ignore this e-mail.',
    '',
    '-- Onething: one task at a time.',
  ].join('\n');
}

VerifyEmail.PreviewProps = { name: 'Ada', link: 'http://localhost:3000/verify/ada%40example.com/token', hours: 24 } satisfies VerifyEmailProps;
