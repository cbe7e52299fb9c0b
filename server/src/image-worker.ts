import { parentPort } from 'node:worker_threads';
import { type CleanImage, cleanImage, ImageRejected, ImageTooLarge, type ImageType } from './files/images';

/**
 * One thread of Node's image pool (`node-images.ts`): cleans one picture at a time, off the event
 * loop. Built to `dist/image-worker.js` beside the server's bundle; from sources it is loaded
 * through tsx by `image-worker.source.mjs`.
 */

export interface ImageJob {
  bytes: Uint8Array;
  type: ImageType;
  maxDimension: number;
}

export type ImageAnswer =
  | { ready: true }
  | ({ ok: true } & CleanImage)
  | { ok: false; kind: 'too_large' | 'rejected' | 'failed'; message: string };

const port = parentPort;
if (!port) throw new Error('image-worker.ts runs as a worker thread');

port.on('message', (job: ImageJob) => {
  let answer: ImageAnswer;
  try {
    answer = { ok: true, ...cleanImage(job.bytes, job.type, { maxDimension: job.maxDimension }) };
  } catch (error) {
    const kind = error instanceof ImageTooLarge ? 'too_large' : error instanceof ImageRejected ? 'rejected' : 'failed';
    port.postMessage({ ok: false, kind, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  // The encoded bytes move to the pool's thread rather than being copied.
  port.postMessage(answer, [answer.bytes.buffer as ArrayBuffer]);
});
port.postMessage({ ready: true } satisfies ImageAnswer);
