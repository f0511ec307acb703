// The app's name and mark (the same ring-and-dot as public/icon.svg), drawn inline: no image request.
import Link from 'next/link';
import { LOGO_LINK_CLASS, LogoMark } from './LogoMark';


export function Logo({ href = '/', className = '' }: { href?: string; className?: string }) {
  return (
    <Link prefetch={false} href={href} className={`${LOGO_LINK_CLASS} ${className}`}>
      <LogoMark />
      <span>Onething</span>
    </Link>
  );
}
