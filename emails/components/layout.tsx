// The calm frame every Onething e-mail shares: one narrow column, system fonts, a soft palette
// that follows the reader's light or dark mode (clients that ignore the media query get the
// light palette, which reads well everywhere).
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

const darkCss = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .ot-body { background-color: #111418 !important; }
    .ot-card { background-color: #1b2026 !important; border-color: #2a3139 !important; }
    .ot-text { color: #e6e9ed !important; }
    .ot-muted { color: #9aa4af !important; }
    .ot-button { background-color: #7aa7ff !important; color: #0b1220 !important; }
    .ot-quote { background-color: #232a32 !important; color: #e6e9ed !important; }
  }
`;

const palette = {
  background: '#f6f7f9',
  card: '#ffffff',
  border: '#e5e7eb',
  text: '#1f2933',
  muted: '#5f6b76',
  accent: '#3b6fd8',
} as const;

export const textStyle = { color: palette.text, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px' } as const;
export const mutedStyle = { color: palette.muted, fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' } as const;
export const buttonStyle = {
  backgroundColor: palette.accent,
  color: '#ffffff',
  borderRadius: '8px',
  padding: '12px 20px',
  fontSize: '16px',
  fontWeight: 600,
  textDecoration: 'none',
  display: 'inline-block',
} as const;

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="ot-body"
        style={{
          backgroundColor: palette.background,
          fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '32px 12px',
        }}
      >
        <Container
          className="ot-card"
          style={{
            backgroundColor: palette.card,
            border: `1px solid ${palette.border}`,
            borderRadius: '12px',
            maxWidth: '520px',
            padding: '32px 28px',
          }}
        >
          <Text className="ot-muted" style={{ ...mutedStyle, fontWeight: 600, letterSpacing: '0.04em' }}>
            Onething
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: palette.border, margin: '24px 0 16px' }} />
          <Text className="ot-muted" style={{ ...mutedStyle, margin: 0 }}>
            One task at a time. You receive this e-mail because of your Onething account.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
