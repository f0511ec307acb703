// The web app manifest (/manifest.webmanifest, linked from every page by Next): installable from
// the browser to a home screen or dock, opening on the dashboard in its own window. The page's
// theme colour follows the light or dark theme through the viewport's theme-color (layout.tsx);
// the manifest's colours are the light theme's, which a platform uses for the splash screen.
// Its shortcut opens Just start (/start).
import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/dashboard',
    name: 'Onething — one task at a time',
    short_name: 'Onething',
    description: 'A calm task manager and focus timer that shows you one task at a time.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#F7F7F5',
    theme_color: '#F7F7F5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // A long press on the installed app's icon: Just start, a 10-minute starter on one task.
    shortcuts: [
      {
        name: 'Just start',
        short_name: 'Just start',
        description: 'A 10-minute starter on one task, picked for you',
        url: '/start',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}
