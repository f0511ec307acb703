// How the focus screen writes a task's due date: in full on the current task's card, the day alone
// in Up next. One place for both the screen (./TaskPanel.tsx) and the server's first frame
// (./FirstFrame.tsx, whose inline script ./first-frame.ts writes them in the browser's locale).
export const DUE_FORMATS = {
  card: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  next: { month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
