// Minutes in words a person reads at a glance, free of date libraries (the sessions page, the
// Today panel, Just start).
/** '0 min', '45 min', '1 h', '2 h 5 min'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
