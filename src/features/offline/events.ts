// Fired on window when writes made offline have reached the server (or were refused there): the
// focus session's task list reloads. A module of its own so that the session page's first load
// takes only this name, not the service worker's client (./worker-client).
export const SYNCED_EVENT = 'onething:synced';
