// Draws the app's PNG icons (web app manifest, home screens) from the logo in public/icon.svg:
// `any` icons keep the rounded tile; the maskable one fills the square with the tile colour and
// keeps the mark inside the central 80% safe zone, so a platform's mask never cuts it.
// Run with `node scripts/make-icons.mjs` after changing the logo; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const logo = await readFile(new URL('../public/icon.svg', import.meta.url));
const maskable = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2563EB"/>' +
    '<g transform="translate(32 32) scale(0.75) translate(-32 -32)"><circle cx="32" cy="32" r="14" fill="none" stroke="#fff" stroke-width="6"/><circle cx="32" cy="32" r="4" fill="#fff"/></g></svg>',
);
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512]) await sharp(logo, { density: 72 * (size / 64) }).resize(size, size).png().toFile(out(`icon-${size}.png`));
await sharp(maskable, { density: 72 * 8 }).resize(512, 512).png().toFile(out('maskable-512.png'));
await sharp(logo, { density: 72 * 3 }).resize(180, 180).flatten({ background: '#2563EB' }).png().toFile(out('apple-touch-icon.png'));
