// The app's mark (the same ring-and-dot as public/icon.svg), drawn inline: no image request.
export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={className}>
      <rect width="64" height="64" rx="16" className="fill-accent" />
      <circle cx="32" cy="32" r="14" fill="none" strokeWidth="6" className="stroke-accentContrast" />
      <circle cx="32" cy="32" r="4" className="fill-accentContrast" />
    </svg>
  );
}

/** The look of the app's name beside its mark, as a link (./Logo on the public pages, ./AppLogo in the app). */
export const LOGO_LINK_CLASS = 'inline-flex items-center gap-2.5 rounded-control text-lg font-semibold tracking-tight';
