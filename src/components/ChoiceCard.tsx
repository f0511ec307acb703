// One choice of a set, as a card: a radio (or checkbox) with a title and an optional hint, the
// whole card clickable, the chosen one drawn in the accent colour and the keyboard's focus ring
// around the card. The input takes react-hook-form's register(...) (its ref included) or
// checked/onChange. Put the cards in a <fieldset> with a <legend> that asks the question.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type ChoiceCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'title' | 'className'> & {
  type?: 'radio' | 'checkbox';
  title: ReactNode;
  hint?: ReactNode;
  /** Shown before the title, e.g. a task's colour dot. */
  marker?: ReactNode;
  /** Hide the radio itself: the card's border and fill say which is chosen. */
  bare?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

const card =
  'flex cursor-pointer items-start gap-3 rounded-control border border-border px-3 py-2.5 transition-colors hover:bg-surfaceMuted has-[:checked]:border-accent has-[:checked]:bg-accentSoft has-[:checked]:hover:bg-accentSoft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent';

export function ChoiceCard({ type = 'radio', title, hint, marker, bare = false, className = '', ref, ...input }: ChoiceCardProps) {
  return (
    <label className={`${card} ${className}`}>
      <input ref={ref} type={type} className={bare ? 'sr-only' : 'mt-1 size-4 shrink-0 accent-[var(--color-accent)] focus-visible:outline-none'} {...input} />
      {marker}
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium leading-snug">{title}</span>
        {hint ? <span className="mt-0.5 text-xs text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}
