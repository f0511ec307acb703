// The row of buttons under a form and in a dialog's footer: stacked on a phone with the main
// action on top (it comes last in the markup, so it is also last in tab order), side by side
// from `sm` up, at the end, or spread apart for Back … Next.
import type { ReactNode } from 'react';

export function FormActions({ children, align = 'end', className = '' }: { children: ReactNode; align?: 'end' | 'between'; className?: string }) {
  return (
    <div className={`flex flex-col-reverse gap-3 sm:flex-row ${align === 'between' ? 'sm:justify-between' : 'sm:justify-end'} ${className}`}>
      {children}
    </div>
  );
}
