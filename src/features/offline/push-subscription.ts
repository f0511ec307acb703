'use client';
// This browser's Web Push subscription, forgotten on the server (DELETE /api/user/push-subscriptions)
// and in the browser: when alerts are turned off (src/features/session/push.ts) and before
// signing out, so that no push of the account reaches whoever uses this browser next. Offline or
// without a worker it does what it can; the worker also drops the browser's subscription when it
// forgets the account (src/worker/sw.ts).

/** Resolves once done, or after `waitMs` (a sign-out never waits longer on it). Never throws. */
export async function forgetPushSubscription(waitMs = 3000): Promise<void> {
  const work = (async () => {
    try {
      if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return;
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription) return;
      await fetch('/api/user/push-subscriptions', {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
        keepalive: true,
      });
      await subscription.unsubscribe();
    } catch {
      // Offline or no worker: the server forgets it when the push service says it is gone.
    }
  })();
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
