// The design card's Tailwind configuration, loaded by src/app/globals.css through `@config`.
// Tokens come from src/lib/theme.ts so TypeScript and CSS share one palette.
import type { Config } from 'tailwindcss';
import { clockSizes, radii, themeColors } from './src/lib/theme';

const config: Config = {
  content: ['./src/**/*.{ts,tsx}', './emails/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: themeColors,
      borderRadius: radii,
      fontSize: clockSizes,
    },
  },
};

export default config;
