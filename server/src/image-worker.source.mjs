// The image worker from TypeScript sources (unit tests, tsx): image-worker.ts loaded through tsx in
// this thread. The built server starts dist/image-worker.js instead; node-images.ts chooses.
import { register } from 'tsx/esm/api';

register();
await import('./image-worker.ts');
