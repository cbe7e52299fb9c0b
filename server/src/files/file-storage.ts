import { AppError } from '../contract/errors';
import type { Logger } from '../lib/logger';

/**
 * Where uploaded files (application documents, review and damage report photos) keep their bytes: a folder under
 * `data/` on Node, an R2 bucket on Workers, memory in tests. Rows in the database name a file by
 * its key; the bytes live only here. Keys are chosen by the server, never by a client.
 */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing what was there. Resolves once the bytes are durable. */
  put(key: string, bytes: Uint8Array, meta: { contentType: string }): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** A key is lowercase path segments with no `..`, so no backend can be walked out of. */
export function checkFileKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.length > 512) throw new Error(`Invalid file key: ${key}`);
  return key;
}

export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** In memory: for tests and for an API-only process that stores nothing. */
export function memoryFileStorage(): FileStorage & { keys(): string[] } {
  const files = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      files.set(checkFileKey(key), bytes.slice());
    },
    async get(key) {
      const bytes = files.get(checkFileKey(key));
      return bytes ? { body: streamOf(bytes.slice()), size: bytes.byteLength } : null;
    },
    async delete(key) {
      files.delete(checkFileKey(key));
    },
    keys: () => [...files.keys()].sort(),
  };
}

/**
 * A deployment with no file store configured (a worker without its R2 binding): uploads and
 * downloads answer 503, everything else works.
 */
export function unavailableFileStorage(): FileStorage {
  const refuse = async (): Promise<never> => {
    throw new AppError(503, 'storage_unavailable', 'File storage is not configured on this server');
  };
  return { put: refuse, get: refuse, delete: refuse };
}

/** Seconds a client is told to wait after a store's failure: a disk or a bucket takes a moment to mend. */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** The answer to an upload or a download while the store fails: files only, everything else works. */
export function storageUnavailable(cause?: unknown): AppError {
  const error = new AppError(
    503,
    'storage_unavailable',
    'Files cannot be stored or read right now. Please try again shortly.',
    undefined,
    { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) },
  );
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * The app's view of a store (`createApp` wraps `deps.files` in it, decision 068): whatever the
 * backend throws — a full or read-only disk, a data folder that cannot be written, R2 not
 * answering — becomes `storageUnavailable()`, logged with its cause, so uploads and downloads
 * answer 503 and no service needs a catch of its own. A key the server made wrong is a bug, and
 * stays one (500).
 */
export function failuresAsUnavailable(storage: FileStorage, logger: Pick<Logger, 'warn'>): FileStorage {
  const guarded =
    <A extends unknown[], T>(operation: 'put' | 'get' | 'delete', call: (key: string, ...rest: A) => Promise<T>) =>
    async (key: string, ...rest: A): Promise<T> => {
      checkFileKey(key);
      try {
        return await call(key, ...rest);
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.warn('file storage failed', { operation, key, error: String(error) });
        throw storageUnavailable(error);
      }
    };
  return {
    put: guarded('put', (key, bytes: Uint8Array, meta: { contentType: string }) => storage.put(key, bytes, meta)),
    get: guarded('get', (key) => storage.get(key)),
    delete: guarded('delete', (key) => storage.delete(key)),
  };
}

/** The part of Workers' R2 binding this uses (see wrangler.toml `[[r2_buckets]]`). */
export interface R2BucketLike {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  delete(key: string): Promise<void>;
}

/** An R2 bucket (Workers): the same keys, the bytes in Cloudflare's object storage. */
export function r2FileStorage(bucket: R2BucketLike): FileStorage {
  return {
    async put(key, bytes, meta) {
      await bucket.put(checkFileKey(key), bytes, { httpMetadata: { contentType: meta.contentType } });
    },
    async get(key) {
      const object = await bucket.get(checkFileKey(key));
      return object ? { body: object.body, size: object.size } : null;
    },
    async delete(key) {
      await bucket.delete(checkFileKey(key));
    },
  };
}
