// The calendar glyph of the date field's button and the calendar's Subscribe button (its own
// module, like ./CloseIcon, so neither pulls the other's code in).
export function CalendarIcon({ className = 'size-4 shrink-0' }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden className={className}>
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 2.75v3.5M13 2.75v3.5" />
    </svg>
  );
}
