/**
 * The device's own copies of ad photos, in a small IndexedDB database of their own (not an RxDB collection: those
 * are budgeted, and a photo is bytes, not a document to replicate). A photo stays until it is uploaded and the ad
 * form forgets it, so a photo taken offline survives reloads and restarts until it has reached the server.
 */

const DB_NAME = 'ad-photos';
const STORE = 'photos';
const VERSION = 1;

export type PhotoState = 'queued' | 'uploaded' | 'failed';

export interface StoredPhoto {
  id: string;
  /** The user it was picked by: only their session uploads it (another user logging in on the device does not). */
  owner: string | undefined;
  blob: Blob;
  type: string;
  size: number;
  state: PhotoState;
  /** Bytes the server was last known to hold (progress). */
  sent: number;
  /** Why the server refused it, once `failed`. */
  failure?: string;
  createdAt: number;
  /** When the server confirmed it whole: the device's copy is dropped a while later (uploader housekeeping). */
  uploadedAt?: number;
}

let opening: Promise<IDBDatabase> | undefined;

const open = (): Promise<IDBDatabase> => {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused to open'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
};

const run = async <T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> => {
  const db = await open();
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
};

export const putPhotos = async (photos: readonly StoredPhoto[]): Promise<void> => {
  await run('readwrite', (store) => {
    for (const photo of photos) store.put(photo);
    return undefined;
  });
};

export const getPhoto = async (id: string): Promise<StoredPhoto | undefined> =>
  run<StoredPhoto | undefined>('readonly', (store) => store.get(id) as IDBRequest<StoredPhoto | undefined>);

export const allPhotos = async (): Promise<StoredPhoto[]> =>
  (await run<StoredPhoto[]>('readonly', (store) => store.getAll() as IDBRequest<StoredPhoto[]>)) ?? [];

/** Changes one photo's bookkeeping (not its bytes) if it is still kept. */
export const updatePhoto = async (
  id: string,
  change: Partial<Pick<StoredPhoto, 'state' | 'sent' | 'failure' | 'owner' | 'uploadedAt'>>,
): Promise<void> => {
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const read = store.get(id) as IDBRequest<StoredPhoto | undefined>;
    read.onsuccess = () => {
      if (read.result) store.put({ ...read.result, ...change });
    };
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
};

export const deletePhotos = async (ids: readonly string[]): Promise<void> => {
  await run('readwrite', (store) => {
    for (const id of ids) store.delete(id);
    return undefined;
  });
};
