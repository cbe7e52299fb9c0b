import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ImageCleaner, imagesBusy, imagesUnavailable, imageTooComplex } from './files/image-cleaner';
import { type CleanImage, ImageRejected, ImageTooLarge } from './files/images';
import type { ImageAnswer, ImageJob } from './image-worker';
import type { Logger } from './lib/logger';

/**
 * Node's image cleaner (decision 045's addendum): pictures are decoded, scaled and encoded again
 * in a small pool of worker threads, so one upload never stops the event loop (a 7000 × 7000 PNG
 * once held it for 5 seconds). Bounded three ways:
 *  - threads: `defaultPoolSize`, a core left to the event loop when there are two or more;
 *  - waiting: at most `queueLimit` pictures wait for a thread, beyond that 503 `images_busy`
 *    with Retry-After (nothing was stored, the upload can be sent again);
 *  - time: a picture still decoding at `deadlineMs` has its thread stopped, and is answered 422
 *    `image_too_complex`; a new thread takes the stopped one's place.
 * Threads start when the first picture comes (a process that never receives one starts none) and
 * do not keep the process alive while idle.
 */

/** A cap-sized picture takes 2–5 s on a busy 2-core machine: the deadline leaves room for a slow one. */
export const IMAGE_DEADLINE_MS = 20_000;
/** Seconds a refused upload is told to wait (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5;
/** Threads at most: each holds up to a few hundred MB while it decodes a picture at the cap. */
const MAX_POOL_SIZE = 4;

/** Threads for `cores`: one less than the cores (the event loop keeps one), at least 1, at most 4. */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(MAX_POOL_SIZE, cores - 1));
}

/**
 * The worker's file for the module at `moduleUrl` (this one by default): from the server's bundle
 * (`dist/node.js`), `dist/image-worker.js` beside it (tsup.config.ts builds both); from TypeScript
 * sources (`src/node-images.ts` under vitest or tsx), the bootstrap that loads `image-worker.ts`
 * through tsx.
 */
export function imageWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const fromSources = new URL(moduleUrl).pathname.endsWith('.ts');
  return new URL(fromSources ? './image-worker.source.mjs' : './image-worker.js', moduleUrl);
}

export interface ImagePoolOptions {
  /** Threads (default `defaultPoolSize()`). */
  size?: number;
  /** Pictures that may wait for a thread beyond those being decoded (default 4 per thread). */
  queueLimit?: number;
  /** How long one picture may take once a thread has it (default IMAGE_DEADLINE_MS). */
  deadlineMs?: number;
  /** The worker's file (default `imageWorkerUrl()`). */
  workerUrl?: URL;
  logger?: Logger;
}

export interface ImagePool extends ImageCleaner {
  /** Stops every thread; what is waiting or running is answered 503. */
  close(): Promise<void>;
  /** Threads started so far (a stopped one's replacement counts), pictures decoding and waiting. */
  stats(): { threadsStarted: number; running: number; waiting: number };
}

interface Job extends ImageJob {
  resolve(image: CleanImage): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  /** The thread has loaded the codecs and said so: jobs go to ready threads only. */
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function imageWorkerPool(options: ImagePoolOptions = {}): ImagePool {
  const size = Math.max(1, options.size ?? defaultPoolSize());
  const queueLimit = Math.max(0, options.queueLimit ?? size * 4);
  const deadlineMs = options.deadlineMs ?? IMAGE_DEADLINE_MS;
  const url = options.workerUrl ?? imageWorkerUrl();
  const fromSources = url.pathname.endsWith('.mjs');
  const logger = options.logger;
  const slots: Array<Slot | null> = Array.from({ length: size }, () => null);
  const waiting: Job[] = [];
  let accepted = 0;
  let threadsStarted = 0;
  let closed = false;

  function start(index: number): void {
    // From sources the bootstrap registers tsx itself (a parent's `--import tsx` is not repeated),
    // and the thread resolves the workspace's packages to their sources as its parent does: on a
    // fresh clone the SDK has no build yet when the unit tests run.
    const worker = new Worker(url, fromSources ? { execArgv: ['--conditions=@spotless/source'] } : {});
    threadsStarted += 1;
    const slot: Slot = { worker, ready: false, job: null, timer: undefined };
    slots[index] = slot;
    worker.unref();
    worker.on('message', (answer: ImageAnswer) => {
      if (slots[index] !== slot) return;
      if ('ready' in answer) {
        slot.ready = true;
        dispatch();
      } else {
        settle(slot, answer);
      }
    });
    worker.on('error', (error) => {
      if (slots[index] === slot) logger?.error('image worker failed', { error: String(error) });
    });
    worker.on('exit', (code) => {
      if (slots[index] !== slot) return; // stopped on purpose: past its deadline, or closed
      slots[index] = null;
      clearTimeout(slot.timer);
      logger?.error('image worker exited', { code });
      const { job } = slot;
      if (job) {
        accepted -= 1;
        job.reject(imagesUnavailable());
      } else if (!slot.ready) {
        // It never started: the pictures waiting for it would wait for ever.
        for (const waiter of waiting.splice(0)) {
          accepted -= 1;
          waiter.reject(imagesUnavailable());
        }
      }
      dispatch();
    });
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    // A copy of its own, moved to the thread (a view's whole buffer would be cloned otherwise).
    const bytes = job.bytes.slice();
    const message: ImageJob = { bytes, type: job.type, maxDimension: job.maxDimension };
    slot.worker.postMessage(message, [bytes.buffer]);
    slot.timer = setTimeout(() => expire(slot), deadlineMs);
  }

  function settle(slot: Slot, answer: Exclude<ImageAnswer, { ready: true }>): void {
    const { job } = slot;
    if (!job) return;
    clearTimeout(slot.timer);
    slot.job = null;
    slot.worker.unref();
    accepted -= 1;
    if (answer.ok) {
      job.resolve({ bytes: answer.bytes, type: answer.type, width: answer.width, height: answer.height });
    } else if (answer.kind === 'too_large') {
      job.reject(new ImageTooLarge());
    } else if (answer.kind === 'rejected') {
      job.reject(new ImageRejected(answer.message));
    } else {
      job.reject(new Error(`image worker: ${answer.message}`));
    }
    dispatch();
  }

  /** Past the deadline: the thread is stopped (a decode cannot be interrupted otherwise) and replaced. */
  function expire(slot: Slot): void {
    const index = slots.indexOf(slot);
    const { job } = slot;
    if (index < 0 || !job) return;
    slots[index] = null;
    slot.job = null;
    accepted -= 1;
    void slot.worker.terminate();
    logger?.warn('image past its deadline: worker stopped', { deadlineMs, type: job.type, bytes: job.bytes.length });
    job.reject(imageTooComplex());
    if (!closed) start(index);
    dispatch();
  }

  function dispatch(): void {
    if (closed) return;
    let starting = 0;
    for (const slot of slots) if (slot && !slot.ready) starting += 1;
    for (let index = 0; index < size && waiting.length > 0; index++) {
      const slot = slots[index];
      if (!slot) {
        if (waiting.length > starting) {
          start(index);
          starting += 1;
        }
      } else if (slot.ready && !slot.job) {
        run(slot, waiting.shift() as Job);
      }
    }
  }

  return {
    clean(bytes, type, { maxDimension }) {
      if (closed) return Promise.reject(imagesUnavailable());
      if (accepted >= size + queueLimit) return Promise.reject(imagesBusy(BUSY_RETRY_AFTER_SECONDS));
      accepted += 1;
      return new Promise<CleanImage>((resolve, reject) => {
        waiting.push({ bytes, type, maxDimension, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(imagesUnavailable());
      const stopping: Array<Promise<number>> = [];
      for (const [index, slot] of slots.entries()) {
        if (!slot) continue;
        slots[index] = null;
        clearTimeout(slot.timer);
        slot.job?.reject(imagesUnavailable());
        stopping.push(slot.worker.terminate());
      }
      accepted = 0;
      await Promise.all(stopping);
    },
    stats() {
      let running = 0;
      for (const slot of slots) if (slot?.job) running += 1;
      return { threadsStarted, running, waiting: waiting.length };
    },
  };
}
