'use client';
// Calendar feed: a private iCalendar (ICS) link listing the dated tasks, for any calendar app.
// Turn on (or get a new link, which stops the old one), copy, turn off.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ButtonCore';
import { Input } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { useTRPC } from '@/trpc/react';
import { copyText } from './clipboard';
import { Notice, Section } from './Section';

export function CalendarFeedSection({ verified }: { verified: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const feed = useQuery(trpc.task.calendarFeed.queryOptions(undefined, { enabled: verified, refetchOnMount: true }));
  const feedKey = trpc.task.calendarFeed.queryKey();

  const rotate = useMutation(
    trpc.task.rotateCalendarFeed.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (answer, _input) => {
        const hadOne = feed.data?.enabled === true;
        queryClient.setQueryData(feedKey, answer);
        toast({ title: hadOne ? 'New calendar link ready' : 'Calendar feed on', description: hadOne ? 'The old link stopped working.' : undefined });
      },
      onError: (error) => toast({ title: 'Failed to update the calendar feed', description: error.message, variant: 'destructive' }),
    }),
  );
  const disable = useMutation(
    trpc.task.disableCalendarFeed.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (answer) => {
        queryClient.setQueryData(feedKey, answer);
        toast({ title: 'Calendar feed off', description: 'The link stopped working.' });
      },
      onError: (error) => toast({ title: 'Failed to update the calendar feed', description: error.message, variant: 'destructive' }),
    }),
  );

  return (
    <Section id="calendar-feed" title="Calendar feed" description="A private link that shows your dated tasks in any calendar app (Google, Apple, Outlook).">
      {/* The loading line stays (hidden) when the answer comes, and the answer is added after it:
          this read, made after the page has hydrated (the URL is a credential, never in the HTML),
          was the page's first removal of an element, and React's commit code, optimised without
          one, was then thrown away at every level of the page's tree (a long task on a phone). */}
      {verified ? <Spinner label="Loading the calendar feed" hidden={!feed.isPending} /> : null}
      {!verified ? (
        <Notice>Verify your e-mail address to use the calendar feed.</Notice>
      ) : feed.isPending ? null : feed.isError ? (
        <Notice>The calendar feed could not be loaded. Please try again later.</Notice>
      ) : feed.data.enabled && feed.data.url ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Input label="Feed URL" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} inputClassName="font-mono text-xs" className="min-w-0 sm:flex-1" />
            <Button
              variant="secondary"
              onClick={async () => {
                const ok = await copyText(feed.data.url ?? '');
                toast(ok ? { title: 'Link copied' } : { title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
              }}
            >
              Copy
            </Button>
          </div>
          <p className="text-sm text-muted">Keep this link private: anyone with it can see your tasks’ titles and times.</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" pending={rotate.isPending} onClick={() => rotate.mutate({})}>
              Get a New Link
            </Button>
            <Button variant="ghost" size="sm" pending={disable.isPending} onClick={() => disable.mutate({})}>
              Turn Off
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" pending={rotate.isPending} onClick={() => rotate.mutate({})}>
          Turn On Calendar Feed
        </Button>
      )}
    </Section>
  );
}
