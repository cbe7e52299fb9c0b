import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe } from 'vitest';
import { type R2BucketLike, r2FileStorage } from '../src/files/file-storage';
import { fileStorageContract } from '../src/files/file-storage.contract';

/**
 * The Workers file store: the same contract as the folder and memory stores, against the local R2
 * implementation of the Workers runtime (Miniflare's, the one `wrangler dev` uses).
 */
describe('R2 file storage (Workers)', () => {
  let mf: Miniflare;
  let bucket: R2BucketLike;
  beforeAll(async () => {
    mf = new Miniflare({
      modules: true,
      script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
      r2Buckets: ['FILES'],
      cf: false,
    });
    bucket = (await mf.getR2Bucket('FILES')) as unknown as R2BucketLike;
  });
  afterAll(async () => {
    await mf?.dispose();
  });
  fileStorageContract(() => r2FileStorage(bucket));
});
