// Small labels. Status is never colour alone: a badge always carries its word (design: Colour).
import type { ReactNode } from 'react';

export type BadgeVariant = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const variants: Record<BadgeVariant, string> = {
  neutral: 'bg-surfaceMuted text-text border-border',
  accent: 'bg-accentSoft text-text border-transparent',
  success: 'bg-successSoft text-success border-transparent',
  warning: 'bg-warningSoft text-warning border-transparent',
  danger: 'bg-dangerSoft text-danger border-transparent',
};

export function Badge({ variant = 'neutral', children, className = '', icon }: { variant?: BadgeVariant; children: ReactNode; className?: string; icon?: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-pill border px-2.5 py-0.5 text-xs font-medium ${variants[variant]} ${className}`}>
      {icon}
      {children}
    </span>
  );
}
