'use client';
// Recent Sessions: the 6 newest, each opening its session; Start Session; 'No sessions yet'.
import { AppLink } from '@/components/AppLink';
import { Button } from '@/components/ButtonCore';
import { Card, CardTitle } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { DISPLAY_MODE_LABELS, RECENT_SESSIONS_COUNT } from '@/lib/constants';
import type { TFocusSession } from '@/lib/schemas/session';
import { useAccountZone } from '@/features/auth/AccountZone';
import { formatLocal } from '@/lib/local-format';

export function RecentSessions({ sessions, loading, onStart }: { sessions: TFocusSession[] | undefined; loading: boolean; onStart: () => void }) {
  const zone = useAccountZone();
  const recent = (sessions ?? []).slice().sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt)).slice(0, RECENT_SESSIONS_COUNT);
  return (
    <Card as="section" aria-labelledby="recent-sessions-title">
      <div className="mb-4 flex items-center justify-between gap-3">
        <CardTitle>
          <span id="recent-sessions-title">Recent Sessions</span>
        </CardTitle>
        <Button size="sm" onClick={onStart}>
          Start Session
        </Button>
      </div>
      {loading ? (
        <div className="flex justify-center py-6 text-muted">
          <Spinner label="Loading sessions" />
        </div>
      ) : recent.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No sessions yet</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {recent.map((session) => (
            <li key={session.id}>
              <AppLink
                href={`/sessions/${session.id}`}
                className="flex flex-col gap-1 rounded-control border border-border p-3 transition-colors hover:border-accent hover:bg-surfaceMuted"
              >
                <span className="truncate text-sm font-medium">{session.sessionName}</span>
                <span className="flex items-center justify-between gap-2 text-xs text-muted">
                  <span className="tabular">{formatLocal(session.startedAt, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, zone)}</span>
                  <span>{DISPLAY_MODE_LABELS[session.displayMode]}</span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
