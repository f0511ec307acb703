// Password-reset e-mail: a one-time link, valid for one hour. It can go to an address nobody has
// proven (an unverified account), so it carries no text the account's creator chose.
import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type ResetPasswordProps = { link: string; minutes: number };

export const resetPasswordSubject = 'Reset your Onething password';

export default function ResetPassword({ link, minutes }: ResetPasswordProps) {
  return (
    <EmailLayout preview="A link to choose a new Onething password">
      <Text className="ot-text" style={textStyle}>
        Hello,
      </Text>
      <Text className="ot-text" style={textStyle}>
        Someone asked to reset the password of your Onething account. If it was you, choose a new password here:
      </Text>
      <Button className="ot-button" href={link} style={buttonStyle}>
        Choose a new password
      </Button>
      <Text className="ot-muted" style={{ ...mutedStyle, marginTop: '20px' }}>
        The link works once, for {minutes} minutes. If the button does not open, paste this address into your browser:
      </Text>
      <Text className="ot-muted" style={{ ...mutedStyle, wordBreak: 'break-all' }}>
        <Link href={link}>{link}</Link>
      </Text>
      <Text className="ot-muted" style={mutedStyle}>
        If you did not ask for this, you can ignore this e-mail: your password stays as it is.
      </Text>
    </EmailLayout>
  );
}

export function resetPasswordText({ link, minutes }: ResetPasswordProps): string {
  return [
    'Hello,',
    '',
    'Someone asked to reset the password of your Onething account. If it was you, choose a new password here:',
    '',
    link,
    '',
    `The link works once, for ${minutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    '',
    '-- Onething: one task at a time.',
  ].join('\n');
}

ResetPassword.PreviewProps = {
  link: 'http://localhost:3000/forgot-password/reset?email=ada%40example.com&token=token',
  minutes: 60,
} satisfies ResetPasswordProps;
