'use client';
// The profile's time zone: a searchable list of every IANA zone this browser knows (typing
// "york" or "new york" finds America/New_York), with the current offset beside each so the
// right one is easy to recognise. Headless UI's combobox brings the keyboard and ARIA.
// The list (and each zone's offset, a platform formatter per zone) is drawn only while it is open:
// drawn with the closed field, its 80 offsets were most of a long task on every load of /account.
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Chevron } from '@/components/Chevron';
import { borderFor, controlBase, Field, useFieldIds } from '@/components/FieldFrame';
import { timeZoneList, zoneOffsetLabel } from '@/lib/time-zone';

/** At most this many matches are drawn at once: typing narrows the rest. */
const SHOWN_MAX = 80;

const HINT = 'Reminders, due dates and your calendar use this clock.';

const searchable = (value: string) => value.toLowerCase().replace(/[_/]/g, ' ');

/** The open list: the zones matching `query`, each with its offset now. Rendered only while the list is open. */
function ZoneOptions({ value, query }: { value: string; query: string }) {
  const zones = useMemo(() => timeZoneList(value), [value]);
  const [now] = useState(() => new Date());
  const matches = useMemo(() => {
    const words = searchable(query).split(/\s+/).filter(Boolean);
    const found = words.length ? zones.filter((zone) => words.every((word) => searchable(zone).includes(word))) : zones;
    return found.slice(0, SHOWN_MAX);
  }, [query, zones]);

  if (matches.length === 0) return <div className="px-3 py-2 text-sm text-muted">No time zone matches “{query}”.</div>;
  return matches.map((zone) => (
    <ComboboxOption
      key={zone}
      value={zone}
      className="flex cursor-default items-center justify-between gap-3 rounded-sm px-3 py-1.5 text-sm text-text data-focus:bg-surfaceMuted data-selected:font-semibold"
    >
      <span>{zone.replace(/_/g, ' ')}</span>
      <span className="tabular text-xs text-muted">{zoneOffsetLabel(zone, now)}</span>
    </ComboboxOption>
  ));
}

/** `takeFocus`: takes the focus when it first renders; the person was on the read-only field that stood in for this one while its code loaded (./ProfileSection). */
export function TimeZoneSelect({ value, onChange, takeFocus = false }: { value: string; onChange: (zone: string) => void; takeFocus?: boolean }) {
  const ids = useFieldIds(undefined, HINT, null);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Focused as the read-only field was, its text selected as a Tab into a field selects it: typing replaces it.
  const [focusFirst] = useState(takeFocus);
  useEffect(() => {
    if (!focusFirst) return;
    input.current?.focus();
    input.current?.select();
  }, [focusFirst]);

  return (
    <Field htmlFor={ids.controlId} label="Time zone" hint={HINT} hintId={ids.hintId}>
      <Combobox
        value={value}
        onChange={(zone: string | null) => {
          if (zone) onChange(zone);
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            id={ids.controlId}
            name="timeZone"
            aria-describedby={ids.describedBy}
            className={`${controlBase} ${borderFor()} h-11 px-3 pr-9 text-base sm:text-sm`}
            displayValue={(zone: string) => zone.replace(/_/g, ' ')}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            ref={input}
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2.5 text-muted" aria-label="Show all time zones">
            <Chevron direction="down" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-64 w-(--input-width) overflow-y-auto rounded-control border border-border bg-surface p-1 shadow-lg empty:invisible [--anchor-gap:4px]"
        >
          {/* A component, not the list inline: the options (and their offsets) render only when Headless UI renders the open list. */}
          <ZoneOptions value={value} query={query} />
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
