// "Skip to content": the first focusable element of every page frame (app shell, focus session
// header, public site, sign-in pages), visible only while focused; it jumps to <main id="main">.
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-control bg-accent px-4 py-2 text-sm font-medium text-accentContrast focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
    >
      Skip to content
    </a>
  );
}
