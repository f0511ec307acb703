// The focus clock's type sizes (part of the theme, src/lib/theme.ts re-exports them), in a module
// of their own so the session page's first load does not carry the whole palette.

/** The clock scales with the viewport: readable from across a room in full screen. */
export const clockSizes = {
  clock: 'clamp(3.5rem, 14vw, 11rem)',
  clockCompact: 'clamp(2.75rem, 10vw, 7rem)',
  date: 'clamp(1rem, 2.4vw, 1.75rem)',
} as const;
