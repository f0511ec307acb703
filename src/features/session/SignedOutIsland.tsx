'use client';
// The signed-out focus screen (./SignedOutSession) behind a lazy boundary: the (app) layout
// imports this module for every signed-in page, and only a signed-out visitor of the focus
// session ever renders it, so its code (the sign-in and sign-up forms, the typed client) is a
// chunk of its own instead of part of every signed-in page's first load. The server renders it in
// place; the browser fetches the chunk and hydrates it.
import { lazy, Suspense } from 'react';

const SignedOutSession = lazy(() => import('./SignedOutSession').then((module) => ({ default: module.SignedOutSession })));

export function SignedOutIsland() {
  return (
    <Suspense>
      <SignedOutSession />
    </Suspense>
  );
}
