'use client';
// A sign-out in another tab (BroadcastChannel 'onething-auth', or the cached user's removal from
// local storage) sends this tab to /signin. Used by AuthSync.
import { useEffect } from 'react';
import { leaveTo } from './leave';
import { AUTH_CHANNEL, browserStorage, isSignOutMessage, isSignOutStorageEvent } from './session-sync';

export function useSignOutElsewhere() {
  useEffect(() => {
    const signedOutElsewhere = () => leaveTo('/signin');
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea && event.storageArea !== browserStorage('local')) return;
      if (isSignOutStorageEvent(event)) signedOutElsewhere();
    };
    window.addEventListener('storage', onStorage);
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(AUTH_CHANNEL);
      channel.onmessage = (event) => {
        if (isSignOutMessage(event.data)) signedOutElsewhere();
      };
    }
    return () => {
      window.removeEventListener('storage', onStorage);
      channel?.close();
    };
  }, []);
}
