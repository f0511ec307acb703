// The date picker as a screen reader and a person see it: the month grid, the chosen days in
// each mode, the allowed range and the dropdowns (react-day-picker does the clicks and keys; the
// e2e specs pick a due date with the keyboard).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DatePicker } from './DatePicker';

const noop = () => {};

/** The days whose grid cell says it is selected, as ISO dates. */
function selectedDays(html: string): string[] {
  return [...html.matchAll(/<td[^>]*role="gridcell"[^>]*>/g)]
    .map(([cell]) => cell)
    .filter((cell) => cell.includes('aria-selected="true"'))
    .map((cell) => cell.match(/data-day="([\d-]+)"/)?.[1] ?? '?');
}

describe('DatePicker', () => {
  it('shows the month of the chosen day in six weeks from Sunday, each day named in full', () => {
    const html = renderToStaticMarkup(<DatePicker label="Due date" value="2026-03-14" onChange={noop} />);
    expect(html).toContain('aria-label="Due date"');
    expect(html).toContain('March 2026');
    expect([...html.matchAll(/role="gridcell"/g)]).toHaveLength(42);
    expect(html.match(/<th[^>]*>([^<]*)<\/th>/)?.[1]).toBe('Su');
    expect(html).toContain('aria-label="Saturday, 14 March 2026"');
    expect(html).toContain('aria-label="Previous month"');
    expect(html).toContain('aria-label="Next month"');
    expect(selectedDays(html)).toEqual(['2026-03-14']);
  });

  it('marks every day of a range, and the chosen days of a multiple selection', () => {
    const range = renderToStaticMarkup(<DatePicker mode="range" value={{ from: '2026-03-05', to: '2026-03-10' }} onChange={noop} />);
    expect(range).toContain('aria-multiselectable="true"');
    expect(selectedDays(range)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    const started = renderToStaticMarkup(<DatePicker mode="range" value={{ from: '2026-03-05', to: null }} onChange={noop} />);
    expect(selectedDays(started)).toEqual(['2026-03-05']);
    const multiple = renderToStaticMarkup(<DatePicker mode="multiple" value={['2026-03-02', '2026-03-20']} onChange={noop} />);
    expect(selectedDays(multiple)).toEqual(['2026-03-02', '2026-03-20']);
  });

  it('cannot leave the allowed dates: earlier and later days are disabled, and so is the way back', () => {
    const html = renderToStaticMarkup(<DatePicker value={null} min="2026-03-10" max="2026-03-20" defaultMonth="2026-03-15" onChange={noop} />);
    const button = (day: string) => html.match(new RegExp(`data-day="${day}"[^>]*><button[^>]*>`))?.[0] ?? '';
    expect(button('2026-03-09')).toMatch(/disabled/);
    expect(button('2026-03-10')).not.toMatch(/disabled/);
    expect(button('2026-03-21')).toMatch(/disabled/);
    expect(html).toMatch(/aria-disabled="true"[^>]*aria-label="Previous month"|aria-label="Previous month"[^>]*aria-disabled="true"/);
  });

  it('offers month and year dropdowns over the allowed years', () => {
    const html = renderToStaticMarkup(<DatePicker value="2026-03-14" dropdowns fromYear={2024} toYear={2027} onChange={noop} />);
    const years = html.match(/<select[^>]*aria-label="Year"[^>]*>(.*?)<\/select>/)?.[1] ?? '';
    expect([...years.matchAll(/<option[^>]*>(\d+)<\/option>/g)].map((m) => m[1])).toEqual(['2024', '2025', '2026', '2027']);
    expect(html).toMatch(/<select[^>]*aria-label="Month"/);
  });
});
