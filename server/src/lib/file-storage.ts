import { AppError } from './errors';

/**
 * Where uploaded files (application documents, review photos) keep their bytes: a folder under
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
