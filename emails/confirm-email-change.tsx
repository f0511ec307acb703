// Sent to the NEW address of a requested e-mail change: one button to /verify/{newEmail}/{token}.
// The address is not the account's yet and may belong to anyone, so the mail carries no text
// the requester chose (not even their name): only our own words and the link.
import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type ConfirmEmailChangeProps = { link: string; hours: number };

export const confirmEmailChangeSubject = 'Confirm your new e-mail address for Onething';

export default function ConfirmEmailChange({ link, hours }: ConfirmEmailChangeProps) {
  return (
    <EmailLayout preview="Confirm this address to make it your Onething sign-in">
      <Text className="ot-text" style={textStyle}>
        Hello,
      </Text>
      <Text className="ot-text" style={textStyle}>
        An Onething account asked to use this address from now on. Confirm it, and this becomes the address you sign in with.
      </Text>
      <Button className="ot-button" href={link} style={buttonStyle}>
        Confirm my new e-mail
      </Button>
      <Text className="ot-muted" style={{ ...mutedStyle, marginTop: '20px' }}>
        The link works for {hours} hours. If the button does not open, paste this address into your browser:
      </Text>
      <Text className="ot-muted" style={{ ...mutedStyle, wordBreak: 'break-all' }}>
        <Link href={link}>{link}</Link>
      </Text>
      <Text className="ot-muted" style={mutedStyle}>
        If you did not ask for this, ignore this e-mail: nothing changes and no account uses this address.
      </Text>
    </EmailLayout>
  );
}

export function confirmEmailChangeText({ link, hours }: ConfirmEmailChangeProps): string {
  return [
    'Hello,',
    '',
    'An Onething account asked to use this address from now on. Confirm it, and this becomes the address you sign in with:',
    '',
    link,
    '',
    `The link works for ${hours} hours.`,
    'If you did not ask for this, ignore this e-mail: nothing changes and no account uses this address.',
    '',
    '-- Onething: one task at a time.',
  ].join('\n');
}

ConfirmEmailChange.PreviewProps = { link: 'http://localhost:3000/verify/new%40example.com/token', hours: 24 } satisfies ConfirmEmailChangeProps;
