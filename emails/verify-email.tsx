// Verification e-mail: one button to the /verify/{email}/{token} link, valid for 24 hours. The
// address is not proven yet and was typed by whoever signed up, so the mail carries no text they
// chose (not even the name): only our own words and the link.
import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type VerifyEmailProps = { link: string; hours: number };

export const verifyEmailSubject = 'Confirm your e-mail address for Onething';

export default function VerifyEmail({ link, hours }: VerifyEmailProps) {
  return (
    <EmailLayout preview="Confirm your e-mail address to start using Onething">
      <Text className="ot-text" style={textStyle}>
        Hello,
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

export function verifyEmailText({ link, hours }: VerifyEmailProps): string {
  return [
    'Hello,',
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

VerifyEmail.PreviewProps = { link: 'http://localhost:3000/verify/ada%40example.com/token', hours: 24 } satisfies VerifyEmailProps;
