// A number field as typed: a session's minutes and task counts are sent only when they parse as
// positive numbers (rounded); anything else leaves the setting to its default.
export function positiveNumber(text: string | number | null | undefined): number | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  const value = typeof text === 'number' ? text : Number(String(text).trim());
  return Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}
