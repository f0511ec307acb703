// What an assistant changed with a token or as a connected app (the MCP connector records each
// write), newest first, under the token or app in Account > Connected apps.
import type { TListedApiToken } from '@/lib/schemas/user';

export function RecentWrites({ id, writes, when }: { id: string; writes: TListedApiToken['recentWrites']; when: (iso: string) => string }) {
  if (writes.length === 0) return null;
  return (
    <div className="mt-2 text-sm">
      <p className="font-medium" id={`writes-${id}`}>
        Recent changes by an assistant
      </p>
      <ul className="mt-1 flex flex-col gap-0.5 text-muted" aria-labelledby={`writes-${id}`}>
        {writes.map((write) => (
          <li key={write.id} className="break-words">
            {write.summary} · <time dateTime={write.createdAt}>{when(write.createdAt)}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
