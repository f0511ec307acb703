// The Pages Router's app (only the focus session pages use this router; src/pages/session.tsx
// says why): the global styles, and the page. What the App Router's layouts mount on every page
// (toasts, theme keeper, error reporter, sign-out in other tabs) the session page mounts after
// it has loaded (src/features/session/SessionLater.tsx), to keep its first load small.
import type { AppProps } from 'next/app';
import '../app/globals.css';
import '../features/session/session.css';

export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
