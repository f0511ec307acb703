// The app's name and mark inside the signed-in app: as ./Logo, with the app's own client-side
// link (./AppLink) instead of next/link, which the signed-in pages' first load does not carry.
import { AppLink } from './AppLink';
import { LOGO_LINK_CLASS, LogoMark } from './LogoMark';

export function AppLogo({ href = '/', className = '' }: { href?: string; className?: string }) {
  return (
    <AppLink href={href} className={`${LOGO_LINK_CLASS} ${className}`}>
      <LogoMark />
      <span>Onething</span>
    </AppLink>
  );
}
