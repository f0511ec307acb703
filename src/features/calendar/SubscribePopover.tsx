'use client';
// The private calendar (ICS) feed, offered where people think of calendars: a small Subscribe
// popover with the secret URL and Copy, a way to turn it on, and a new link when the old one
// leaked (task.calendarFeed / task.rotateCalendarFeed).
//
// Hand-written rather than Headless UI's Popover: the button is on /calendar from its first
// paint, so the library's popover would be in the page's first load, where Headless UI is not
// otherwise (its dialog loads on a first opening, ./lazy). Measured in the production build,
// Headless UI's Popover took /calendar's first-load JavaScript from 197.0 to 227.3 kB gzip
// (+30.3 kB) for what is here two listeners (Escape with focus return, a pointer outside).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ButtonCore';
import { CalendarIcon } from '@/components/CalendarIcon';
import { Input } from '@/components/Field';
import { toast } from '@/components/Toast';
import { useTRPC } from '@/trpc/react';

/** A disclosure, not a modal: Escape or a click outside closes it and focus returns to the button. */
export function SubscribePopover() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClass('secondary', 'md')}
      >
        <CalendarIcon />
        Subscribe
      </button>
      {/* Under the button's start on narrow screens (the page header stacks it on the left), its
          end on wider ones (the header's right): either way the panel stays on screen. */}
      {open ? (
        <div
          id={panelId}
          className="absolute left-0 top-full z-40 mt-2 sm:left-auto sm:right-0 w-[min(24rem,calc(100vw-2rem))] rounded-card border border-border bg-surface p-5 text-text shadow-xl"
        >
          <FeedPanel />
        </div>
      ) : null}
    </div>
  );
}

function FeedPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feed = useQuery(trpc.task.calendarFeed.queryOptions(undefined, { staleTime: 0 }));
  const [copied, setCopied] = useState(false);
  const rotate = useMutation(
    trpc.task.rotateCalendarFeed.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.task.calendarFeed.queryKey(), data);
        setCopied(false);
      },
      onError: () => toast({ title: 'Failed to update the calendar link', description: 'Please try again', variant: 'destructive' }),
    }),
  );

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Could not copy the link', description: 'Select it and copy it yourself.', variant: 'destructive' });
    }
  }

  return (
    <div className="flex flex-col gap-3 text-sm">
      <h2 className="text-base font-semibold">Subscribe in your calendar app</h2>
      <p className="text-muted">
        Add this private link to Google Calendar, Apple Calendar or Outlook to see your dated tasks there. Anyone with the link can see them.
      </p>
      {feed.isPending ? (
        <p className="text-muted">Loading…</p>
      ) : feed.isError ? (
        <p className="text-danger">The calendar link could not be loaded.</p>
      ) : feed.data.url ? (
        <>
          <Input label="Calendar link" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} inputClassName="font-mono text-xs" />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => copy(feed.data.url!)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button size="sm" variant="ghost" pending={rotate.isPending} onClick={() => rotate.mutate()}>
              New link
            </Button>
          </div>
          <p className="text-xs text-muted">A new link stops the old one from working.</p>
        </>
      ) : (
        <Button size="sm" className="self-start" pending={rotate.isPending} onClick={() => rotate.mutate()}>
          Turn on calendar link
        </Button>
      )}
    </div>
  );
}
