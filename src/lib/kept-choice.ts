// A choice kept in this browser's localStorage that pages show and follow: the theme, the currency
// region, the cookie notice's answer. One way to read it (the default where there is no storage, on
// the server or where a privacy setting refuses it), to save it, and to be told when it changes, in
// this tab (a saved choice's own event) or in another (the `storage` event, which tells only the
// other tabs), for `useSyncExternalStore`.

export type KeptChoice<T> = {
  /** The stored choice, or what `parse` makes of none. */
  read(): T;
  /** Stores the choice and tells this tab's readers; false where storage refused it (shown here all the same). */
  save(value: T & string): boolean;
  /** Calls `onChange` whenever the choice changes, in this tab or another; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
};

export function keptChoice<T>(key: string, parse: (stored: string | null) => T): KeptChoice<T> {
  const changed = `onething:${key}`;
  return {
    read() {
      if (typeof window === 'undefined') return parse(null);
      try {
        return parse(window.localStorage.getItem(key));
      } catch {
        return parse(null);
      }
    },
    save(value) {
      let kept = true;
      try {
        window.localStorage.setItem(key, value);
      } catch {
        kept = false;
      }
      window.dispatchEvent(new Event(changed));
      return kept;
    },
    subscribe(onChange) {
      // key null: the whole storage was cleared (e.g. by the site's data being removed).
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) onChange();
      };
      window.addEventListener('storage', onStorage);
      window.addEventListener(changed, onChange);
      return () => {
        window.removeEventListener('storage', onStorage);
        window.removeEventListener(changed, onChange);
      };
    },
  };
}
