// Sent to the account's address after its password was changed while signed in: if it was not
// the owner, the mail says how to take the account back (a reset by mail ends every session and
// revokes every token).
import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type PasswordChangedProps = { resetLink: string };

export const passwordChangedSubject = 'Your Onething password was changed';

export default function PasswordChanged({ resetLink }: PasswordChangedProps) {
  return (
    <EmailLayout preview="If this was you, there is nothing to do">
      <Text className="ot-text" style={textStyle}>
        Hello,
      </Text>
      <Text className="ot-text" style={textStyle}>
        The password of your Onething account was just changed, and every other device was signed out. If this was you, there is
        nothing to do.
      </Text>
      <Text className="ot-text" style={textStyle}>
        If it was not you, reset your password now: that signs everyone out and revokes every API token.
      </Text>
      <Button className="ot-button" href={resetLink} style={buttonStyle}>
        Reset my password
      </Button>
      <Text className="ot-muted" style={{ ...mutedStyle, marginTop: '20px', wordBreak: 'break-all' }}>
        <Link href={resetLink}>{resetLink}</Link>
      </Text>
    </EmailLayout>
  );
}

export function passwordChangedText({ resetLink }: PasswordChangedProps): string {
  return [
    'Hello,',
    '',
    'The password of your Onething account was just changed, and every other device was signed out. If this was you, there is nothing to do.',
    '',
    'If it was not you, reset your password now: that signs everyone out and revokes every API token:',
    '',
    resetLink,
    '',
    '-- Onething: one task at a time.',
  ].join('\n');
}

PasswordChanged.PreviewProps = { resetLink: 'http://localhost:3000/forgot-password' } satisfies PasswordChangedProps;
