// Sent to the CURRENT (verified) address when someone signed in asks to move the account to
// another address: nothing has changed yet, and the owner can cancel it from the account page.
import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, mutedStyle, textStyle } from './components/layout';

export type EmailChangeNoticeProps = { newEmail: string; accountLink: string };

export const emailChangeNoticeSubject = 'A change of your Onething e-mail address was requested';

export default function EmailChangeNotice({ newEmail, accountLink }: EmailChangeNoticeProps) {
  return (
    <EmailLayout preview="Nothing changes until the new address is confirmed">
      <Text className="ot-text" style={textStyle}>
        Hello,
      </Text>
      <Text className="ot-text" style={textStyle}>
        Someone signed in to your Onething account asked to change its e-mail address to {newEmail}. Nothing changes until that
        address is confirmed; until then you keep signing in with this one.
      </Text>
      <Text className="ot-text" style={textStyle}>
        If this was not you, cancel the change and change your password on your account page.
      </Text>
      <Button className="ot-button" href={accountLink} style={buttonStyle}>
        Review my account
      </Button>
      <Text className="ot-muted" style={{ ...mutedStyle, marginTop: '20px', wordBreak: 'break-all' }}>
        <Link href={accountLink}>{accountLink}</Link>
      </Text>
    </EmailLayout>
  );
}

export function emailChangeNoticeText({ newEmail, accountLink }: EmailChangeNoticeProps): string {
  return [
    'Hello,',
    '',
    `Someone signed in to your Onething account asked to change its e-mail address to ${newEmail}. Nothing changes until that address is confirmed; until then you keep signing in with this one.`,
    '',
    'If this was not you, cancel the change and change your password on your account page:',
    '',
    accountLink,
    '',
    '-- Onething: one task at a time.',
  ].join('\n');
}

EmailChangeNotice.PreviewProps = { newEmail: 'new@example.com', accountLink: 'http://localhost:3000/account' } satisfies EmailChangeNoticeProps;
