// The chevron of the date picker's navigation and the calendar's previous / next buttons.
export function Chevron({ direction, className = 'size-4' }: { direction: 'left' | 'right' | 'down'; className?: string }) {
  const d = direction === 'left' ? 'M12.5 5l-5 5 5 5' : direction === 'right' ? 'M7.5 5l5 5-5 5' : 'M5 7.5l5 5 5-5';
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden className={className}>
      <path d={d} />
    </svg>
  );
}
