'use client';
// Whether the visitor is signed in, for the public pages (Dashboard instead of Sign in / Sign up).
// Inside a public page's frame the server's answer is already there (./site/SignedInSeed) and
// nothing is asked. Only when the server could not tell (the seed is undefined) does the browser
// ask GET /api/auth/me: 200 means signed in; anything else (401, or no network) means signed out;
// one request for every component of the page, asked again after a minute.
// No query cache here: the landing page and the legal pages carry no API client in their first
// load (TanStack Query and tRPC are the account forms' and the app's, see docs/architecture.md).
import { use, useEffect, useState } from 'react';
import { SignedInSeedContext } from './site/SignedInSeed';

export type SignedInState = 'unknown' | 'signed-in' | 'signed-out';

const ASK_AGAIN_AFTER_MS = 60_000;

async function fetchSignedIn(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/me', { credentials: 'include', headers: { accept: 'application/json' }, cache: 'no-store' });
    // Only the status matters; reading the body to its end closes the request, so the page
    // becomes network-quiet (an unread body kept it open and Lighthouse waited its full timeout).
    await response.arrayBuffer().catch(() => undefined);
    return response.status === 200;
  } catch {
    return false;
  }
}

// The page's one question to the server, shared by every component that asks within a minute.
const asked: { answer?: Promise<boolean>; at: number } = { at: 0 };

function askServer(): Promise<boolean> {
  if (!asked.answer || Date.now() - asked.at > ASK_AGAIN_AFTER_MS) {
    asked.answer = fetchSignedIn();
    asked.at = Date.now();
  }
  return asked.answer;
}

export function useSignedIn(): SignedInState {
  const seed = use(SignedInSeedContext);
  const [answer, setAnswer] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (seed !== undefined) return;
    let current = true;
    void askServer().then((signedIn) => current && setAnswer(signedIn));
    return () => {
      current = false;
    };
  }, [seed]);
  const signedIn = seed ?? answer;
  return signedIn === undefined ? 'unknown' : signedIn ? 'signed-in' : 'signed-out';
}
