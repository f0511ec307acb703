// Usage This Month: four bars against the plan's limits (null = Unlimited), each an accessible
// progressbar with its numbers in words.
import type { TUser } from '@/lib/schemas/user';
import { Section } from './Section';
import { usageBars } from './usage';

export function UsageSection({ me }: { me: TUser }) {
  const plan = me.subscriptionTier === 'plus' ? 'Plus' : 'Free';
  return (
    <Section id="usage" title="Usage This Month" description={`What you have created this month on the ${plan} plan. Counters start again on the 1st.`}>
      <ul className="grid gap-5 sm:grid-cols-2">
        {usageBars(me).map((bar) => {
          const labelId = `usage-${bar.kind}-label`;
          return (
            <li key={bar.kind} className="flex flex-col gap-2">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span id={labelId} className="font-medium">
                  {bar.label}
                </span>
                <span className={`tabular ${bar.atLimit ? 'font-semibold text-danger' : 'text-muted'}`} data-testid={`usage-${bar.kind}`}>
                  {bar.text}
                  {bar.atLimit ? ' · limit reached' : ''}
                </span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={labelId}
                aria-valuemin={0}
                aria-valuenow={bar.used}
                aria-valuemax={bar.limit ?? undefined}
                aria-valuetext={bar.text}
                className="h-2.5 overflow-hidden rounded-pill bg-surfaceMuted ring-1 ring-inset ring-border"
              >
                <div
                  className={`h-full rounded-pill ${bar.atLimit ? 'bg-danger' : 'bg-accent'} transition-[width] duration-300 motion-reduce:transition-none`}
                  style={{ width: `${bar.limit === null ? 0 : bar.percent}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
