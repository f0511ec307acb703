// The manifest's fields an install prompt needs, and icons that exist at the sizes they claim.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from './manifest';

function pngSize(file: string): string {
  const png = readFileSync(join(process.cwd(), 'public', file));
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  it('opens the dashboard standalone, with any and maskable PNG icons of the sizes it names', () => {
    const app = manifest();
    expect(app).toMatchObject({ name: expect.stringContaining('Onething'), short_name: 'Onething', start_url: '/dashboard', display: 'standalone' });
    expect(app.theme_color).toMatch(/^#[0-9A-F]{6}$/i);
    const icons = app.icons ?? [];
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(icons.some((icon) => icon.sizes === '192x192' && icon.purpose === 'any')).toBe(true);
    expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any')).toBe(true);
    for (const icon of icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
  });

  it('offers Just start as an app shortcut, with an icon that exists', () => {
    const [shortcut, ...rest] = manifest().shortcuts ?? [];
    expect(rest).toEqual([]);
    expect(shortcut).toMatchObject({ name: 'Just start', url: '/start' });
    for (const icon of shortcut!.icons ?? []) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
  });
});
