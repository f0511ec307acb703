// The × of dialogs, toasts and the navigation drawer (its own module, so the toasts every page
// shows do not pull the dialog's code into the first load).
export function CloseIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden className={className}>
      <path d="M5 5l10 10M15 5L5 15" />
    </svg>
  );
}
