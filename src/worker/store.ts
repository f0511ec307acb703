/// <reference lib="webworker" />
// The worker's own records in IndexedDB: the queue of writes made offline (each stamped with
// its account), the real ids of tasks created offline, the refusals kept for the person, and
// which account the server last said is signed in here.
import type { QueuedWrite } from '@/lib/offline-writes';

const DB_NAME = 'onething-worker';

type Stores = {
  queue: QueuedWrite;
  ids: { tempId: string; id: string };
  conflicts: { id?: number; message: string; account: string; at: number };
  meta: { key: string; value: string | null };
};
type StoreName = keyof Stores;

let opening: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      const d = open.result;
      d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      d.createObjectStore('ids', { keyPath: 'tempId' });
      d.createObjectStore('conflicts', { keyPath: 'id', autoIncrement: true });
      d.createObjectStore('meta', { keyPath: 'key' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opening = null;
      reject(open.error);
    };
  });
  return opening;
}

async function run<T>(name: StoreName, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T> {
  const d = await db();
  return new Promise<T>((resolve, reject) => {
    const tx = d.transaction(name, mode);
    const request = work(tx.objectStore(name));
    tx.oncomplete = () => resolve((request ? request.result : undefined) as T);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const allOf = <N extends StoreName>(name: N) => run<Stores[N][]>(name, 'readonly', (s) => s.getAll());
export const getOf = <N extends StoreName>(name: N, key: IDBValidKey) => run<Stores[N] | undefined>(name, 'readonly', (s) => s.get(key));
export const putIn = <N extends StoreName>(name: N, value: Stores[N]) => run<IDBValidKey>(name, 'readwrite', (s) => s.put(value));
export const deleteFrom = (name: StoreName, key: IDBValidKey) => run<undefined>(name, 'readwrite', (s) => s.delete(key));

/** The account the server last said is signed in on this device (null: nobody). */
export async function storedAccount(): Promise<string | null> {
  return (await getOf('meta', 'account').catch(() => undefined))?.value ?? null;
}
export const storeAccount = (account: string | null) => putIn('meta', { key: 'account', value: account });
