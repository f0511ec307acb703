// The theme before the first paint: the stored choice applied to <html> by an inline script at the
// start of the body (./apply-theme.ts's own text; the request's CSP nonce, as the policy allows no
// other inline script), so a reload never flashes the wrong theme. A server component: nothing of
// it is in the page's JavaScript. The browser hides a nonce from the DOM, hence the warning's suppression.
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { applyStoredTheme } from './apply-theme';

const script = `(${applyStoredTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)})`;

export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
