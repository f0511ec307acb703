// The Usage This Month bars: what each of the four counters shows against the plan's limit
// (null = Unlimited), pure so the numbers are tested apart from the page.
import type { UsageKind } from '@/lib/constants';
import type { TUser } from '@/lib/schemas/user';

export interface UsageBar {
  kind: UsageKind;
  label: string;
  used: number;
  /** null: unlimited on this plan. */
  limit: number | null;
  /** 0-100, for the bar's width (0 when unlimited). */
  percent: number;
  /** '12 of 40', or '12 · Unlimited'. */
  text: string;
  atLimit: boolean;
}

const BARS: { kind: UsageKind; label: string; field: keyof TUser }[] = [
  { kind: 'tasks', label: 'Tasks', field: 'tasksCreatedThisMonth' },
  { kind: 'sessions', label: 'Sessions', field: 'sessionsCreatedThisMonth' },
  { kind: 'aiBreakdowns', label: 'AI breakdowns', field: 'aiBreakdownsThisMonth' },
  { kind: 'aiSessions', label: 'AI sessions', field: 'aiSessionsThisMonth' },
];

export function usageBars(me: Pick<TUser, 'tasksCreatedThisMonth' | 'sessionsCreatedThisMonth' | 'aiBreakdownsThisMonth' | 'aiSessionsThisMonth' | 'limits'>): UsageBar[] {
  return BARS.map(({ kind, label, field }) => {
    const used = me[field as keyof typeof me] as number;
    const limit = me.limits[kind];
    if (limit === null) return { kind, label, used, limit, percent: 0, text: `${used} · Unlimited`, atLimit: false };
    const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
    return { kind, label, used, limit, percent, text: `${used} of ${limit}`, atLimit: used >= limit };
  });
}
