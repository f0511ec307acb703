// The one place that imports Next's internals (next is pinned exactly in package.json, and
// compat.test.ts checks the shape used here against the installed version).
//
// Next's own validator of the App Router's `Next-Router-State-Tree` header, so that the door's
// check can never disagree with what the renderer accepts (src/server/http/router-state.ts).
export { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state.js';
