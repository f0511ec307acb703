// Cards: soft borders rather than heavy shadows, generous padding (design: Space).
import type { HTMLAttributes, ReactNode } from 'react';

type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article' | 'li';
  padding?: 'none' | 'sm' | 'md' | 'lg';
  muted?: boolean;
  children?: ReactNode;
};

const paddings = { none: '', sm: 'p-4', md: 'p-5 sm:p-6', lg: 'p-6 sm:p-8' } as const;

export function Card({ as: Tag = 'div', padding = 'md', muted, className = '', children, ...rest }: CardProps) {
  return (
    <Tag className={`rounded-card border border-border ${muted ? 'bg-surfaceMuted' : 'bg-surface'} ${paddings[padding]} ${className}`} {...rest}>
      {children}
    </Tag>
  );
}

export function CardTitle({ children, className = '', as }: { children: ReactNode; className?: string; as?: 'h2' | 'h3' | 'h4' }) {
  const Tag = as ?? 'h2';
  return <Tag className={`text-base font-semibold leading-snug ${className}`}>{children}</Tag>;
}
