// The focus session page has no client router: every other page is the App Router's, reached by a
// full page load. In a module of its own so the page's first load and its after-load code
// (./SessionLater) share it without importing each other.

export const goTo = (href: string) => window.location.assign(href);
