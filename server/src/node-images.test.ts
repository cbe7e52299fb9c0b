import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import { build } from 'tsup';
import { afterAll, describe, expect, it } from 'vitest';
import tsup from '../tsup.config';
import { AppError } from './contract/errors';
import { ImageRejected, ImageTooLarge, MAX_SOURCE_PIXELS } from './files/images';
import { defaultPoolSize, type ImagePool, imageWorkerPool, imageWorkerUrl } from './node-images';
import { SERVER_ROOT } from './paths';
import { samplePng } from './test/sample-files';

/** A blank PNG of exactly the pixel cap (4096 × 4096): 49 KB on disk, seconds of decoding. */
const AT_CAP = encodePng({ width: 4096, height: 4096, data: new Uint8Array(4096 * 4096 * 3), channels: 3, depth: 8 });
expect(4096 * 4096).toBe(MAX_SOURCE_PIXELS);

const pools: ImagePool[] = [];
function pool(options: Parameters<typeof imageWorkerPool>[0] = {}): ImagePool {
  const made = imageWorkerPool(options);
  pools.push(made);
  return made;
}
afterAll(() => Promise.all(pools.map((p) => p.close())));

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('the image worker pool (Node)', () => {
  it('keeps the event loop free while it decodes a picture at the pixel cap', async () => {
    const images = pool({ size: 1 });
    // The thread is started and ready first, so only the decode is measured.
    await images.clean(samplePng(2, 2), 'image/png', { maxDimension: 100 });
    let ticks = 0;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 10);
    const started = performance.now();
    let clean: Awaited<ReturnType<ImagePool['clean']>>;
    try {
      clean = await images.clean(AT_CAP, 'image/png', { maxDimension: 2048 });
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    expect([clean.width, clean.height]).toEqual([2048, 2048]);
    expect(decodePng(clean.bytes).width).toBe(2048);
    // On the event loop's thread the timer could not run once until the decode was over.
    expect(
      ticks,
      `${ticks} ticks in ${Math.round(took)} ms, longest gap ${Math.round(longestGap)} ms`,
    ).toBeGreaterThanOrEqual(10);
  });

  it('stops a picture past its deadline with a clear 422, replaces the thread, and decodes the next', async () => {
    const images = pool({ size: 1, deadlineMs: 100 });
    await images.clean(samplePng(2, 2), 'image/png', { maxDimension: 100 });
    expect(images.stats().threadsStarted).toBe(1);
    // Kept at full size: decoding and encoding 16.8 million pixels takes far longer than 100 ms.
    const error = await refusal(images.clean(AT_CAP, 'image/png', { maxDimension: 4096 }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'image_too_complex' });
    expect(images.stats().threadsStarted).toBe(2);
    const next = await images.clean(samplePng(3, 2), 'image/png', { maxDimension: 100 });
    expect([next.width, next.height]).toEqual([3, 2]);
    expect(images.stats()).toEqual({ threadsStarted: 2, running: 0, waiting: 0 });
  });

  it('answers 503 busy with Retry-After once its queue is full', async () => {
    const images = pool({ size: 1, queueLimit: 1 });
    const first = images.clean(samplePng(8, 8), 'image/png', { maxDimension: 100 });
    const second = images.clean(samplePng(8, 8), 'image/png', { maxDimension: 100 });
    const busy = await refusal(images.clean(samplePng(8, 8), 'image/png', { maxDimension: 100 }));
    expect(busy).toBeInstanceOf(AppError);
    expect(busy).toMatchObject({ status: 503, code: 'images_busy', headers: { 'Retry-After': '5' } });
    // The two it took are cleaned, and then it takes more.
    expect((await first).width).toBe(8);
    expect((await second).width).toBe(8);
    expect((await images.clean(samplePng(8, 8), 'image/png', { maxDimension: 100 })).width).toBe(8);
  });

  it('hands back the decoder’s refusals as the in-process cleaner throws them', async () => {
    const images = pool({ size: 1 });
    expect(await refusal(images.clean(new Uint8Array(40), 'image/png', { maxDimension: 100 }))).toBeInstanceOf(
      ImageRejected,
    );
    const huge = samplePng(2, 2);
    const view = new DataView(huge.buffer, huge.byteOffset);
    view.setUint32(16, 4097);
    view.setUint32(20, 4096);
    expect(await refusal(images.clean(huge, 'image/png', { maxDimension: 100 }))).toBeInstanceOf(ImageTooLarge);
  });

  it('leaves the event loop a core, and keeps at least one thread', () => {
    expect([1, 2, 3, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([1, 1, 2, 4, 4]);
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(1);
  });
});

describe('the image worker’s file', () => {
  const scratch = mkdtempSync(join(SERVER_ROOT, '..', 'node_modules', '.cache-image-worker-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is found beside the bundle, or loaded through tsx from the sources', () => {
    expect(imageWorkerUrl('file:///srv/spotless/server/dist/node.js').href).toBe(
      'file:///srv/spotless/server/dist/image-worker.js',
    );
    expect(imageWorkerUrl('file:///srv/spotless/server/src/node-images.ts').href).toBe(
      'file:///srv/spotless/server/src/image-worker.source.mjs',
    );
    expect(imageWorkerUrl().pathname).toMatch(/\/server\/src\/image-worker\.source\.mjs$/);
  });

  it('runs as tsup.config.ts builds it, beside a bundle, without tsx', async () => {
    const entry = (tsup as { entry: Record<string, string> }).entry['image-worker'];
    expect(entry).toBe('src/image-worker.ts');
    const dist = join(scratch, 'dist');
    mkdirSync(dist, { recursive: true });
    await build({
      ...(tsup as object),
      config: false,
      silent: true,
      clean: false,
      sourcemap: false,
      entry: { 'image-worker': join(SERVER_ROOT, entry as string) },
      outDir: dist,
    });
    const images = pool({ size: 1, workerUrl: imageWorkerUrl(pathToFileURL(join(dist, 'node.js')).href) });
    const clean = await images.clean(samplePng(5, 4), 'image/png', { maxDimension: 100 });
    expect([clean.type, clean.width, clean.height]).toEqual(['image/png', 5, 4]);
  });
});
