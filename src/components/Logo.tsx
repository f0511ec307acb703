// The app's name and mark (the same ring-and-dot as public/icon.svg), drawn inline: no image request.
import Link from 'next/link';
import { LogoMark } from './LogoMark';


export function Logo({ href = '/', className = '' }: { href?: string; className?: string }) {
  return (
    <Link href={href} className={`inline-flex items-center gap-2.5 rounded-control text-lg font-semibold tracking-tight ${className}`}>
      <LogoMark />
      <span>Onething</span>
    </Link>
  );
}
