// The look of the shell's Sign out entry, without the action: a quiet button in the header on
// wide screens, a row in the drawer on narrow ones. SignOutButton gives it the action.
export function SignOutButtonView({
  placement,
  onClick,
  pending,
}: {
  placement: 'header' | 'drawer';
  onClick: () => void;
  pending: boolean;
}) {
  const className =
    placement === 'header'
      ? 'hidden h-9 items-center gap-2 rounded-control px-3 text-sm font-medium text-muted hover:bg-surfaceMuted hover:text-text disabled:opacity-60 md:inline-flex'
      : 'flex h-12 w-full items-center gap-3 rounded-control px-4 text-left text-sm font-medium text-muted hover:bg-surfaceMuted hover:text-text disabled:opacity-60';
  return (
    <button type="button" onClick={onClick} disabled={pending} aria-busy={pending || undefined} className={className}>
      <SignOutIcon />
      <span>{pending ? 'Signing out…' : 'Sign out'}</span>
    </button>
  );
}

function SignOutIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-5">
      <path d="M8 4H5.5A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8M12.5 13.5 16 10l-3.5-3.5M16 10H8" />
    </svg>
  );
}
