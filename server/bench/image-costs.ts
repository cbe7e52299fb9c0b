/**
 * What one uploaded image costs with the pure-JavaScript codecs (decision 045's addendum): for
 * phone-sized pictures (12, 16 and 24 megapixels) the time `cleanImage` takes and the memory it
 * needs, each measured in a fresh process (Linux): the peak resident size it reached less the
 * process's size just before (the file already read). That peak counts what V8 had not yet
 * collected too: it is what a process must have, an upper bound of what must be alive at once.
 * Three kinds of file:
 *  - a phone's JPEG: 4:2:0 chroma, quality 90 (made with sharp, when it can be loaded: it comes
 *    with Miniflare, it is not a dependency of the server);
 *  - a 4:4:4 JPEG, quality 90 (jpeg-js's encoder): the most a JPEG of that size makes the decoder hold;
 *  - a PNG as busy as fits in the 10 MB upload limit.
 * The pictures are made here: shapes and gradients with a sensor's noise. Each is cleaned as a
 * review photo (fit within 2048 px) and as a document (4096 px).
 * `npx tsx server/bench/image-costs.ts` writes bench/results/image-costs.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { writeResult } from './harness';

const SIZES = [
  { name: '12 MP', width: 4032, height: 3024 },
  { name: '16 MP', width: 4608, height: 3456 },
  { name: '24 MP', width: 5712, height: 4284 },
];
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Each measure is the median of this many processes: the peak resident size varies with when V8 collects. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** RGB with a photo's texture: gradients, shapes (unless `smooth`) and sensor-like noise of `noise` levels. */
function photo(width: number, height: number, noise: number, smooth = false): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const shade = Math.sin(x / 97) * 40 + Math.cos(y / 131) * 40 + (smooth ? 0 : (x ^ y) & 63);
      data[at] = Math.max(0, Math.min(255, 120 + shade + random() * noise));
      data[at + 1] = Math.max(0, Math.min(255, 110 + shade * 0.8 + random() * noise));
      data[at + 2] = Math.max(0, Math.min(255, 100 + shade * 0.6 + random() * noise));
    }
  }
  return data;
}

function rgba(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array((rgb.length / 3) * 4).fill(255);
  for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) out.set(rgb.subarray(p, p + 3), q);
  return out;
}

type SharpLike = (
  input: Uint8Array,
  options: { raw: { width: number; height: number; channels: 3 } },
) => { jpeg(options: { quality: number; chromaSubsampling: string }): { toBuffer(): Promise<Uint8Array> } };

async function loadSharp(): Promise<SharpLike | null> {
  try {
    const name = 'sharp';
    return ((await import(name)) as { default: SharpLike }).default;
  } catch {
    return null;
  }
}

type Measure = { ms: number; peakMiB: number } | { refused: string };

/** Resident and peak resident size (VmRSS, VmHWM) in MiB, from /proc. */
function residentMiB(): { now: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/**
 * The child: one `cleanImage` of the file, then its time and peak memory growth as JSON. The
 * peak is reset just before (Linux: `clear_refs` 5), after a full collection, so what loading
 * the code cost does not hide it.
 */
async function child(file: string, type: 'image/jpeg' | 'image/png', maxDimension: number) {
  const { cleanImage } = await import('../src/files/images');
  const bytes = new Uint8Array(readFileSync(file));
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync('/proc/self/clear_refs', '5');
  const before = residentMiB().now;
  const started = performance.now();
  try {
    // The cap set aside: what the codecs cost, also for sizes the server refuses.
    cleanImage(bytes, type, { maxDimension, maxPixels: 100_000_000 });
  } catch (error) {
    console.log(JSON.stringify({ refused: String(error) }));
    return;
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, peakMiB: residentMiB().peak - before }));
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-image-costs-'));
  const sharp = await loadSharp();
  const rows: Array<Record<string, unknown>> = [];
  try {
    for (const size of SIZES) {
      const { width, height } = size;
      const pixels = photo(width, height, 24);
      const files: Array<{ kind: string; type: 'image/jpeg' | 'image/png'; bytes: Uint8Array }> = [];
      if (sharp) {
        const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
          .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
          .toBuffer();
        files.push({ kind: 'JPEG 4:2:0', type: 'image/jpeg', bytes });
      }
      files.push({
        kind: 'JPEG 4:4:4',
        type: 'image/jpeg',
        bytes: jpeg.encode({ width, height, data: rgba(pixels) }, 90).data,
      });
      // As busy a PNG as the upload limit lets through: less noise until it fits.
      for (const noise of [8, 4, 2, 0]) {
        const bytes = encodePng({ width, height, data: photo(width, height, noise, true), channels: 3, depth: 8 });
        if (bytes.byteLength <= UPLOAD_MAX_BYTES) {
          files.push({ kind: `PNG (noise ${noise})`, type: 'image/png', bytes });
          break;
        }
      }
      for (const { kind, type, bytes } of files) {
        const file = join(dir, 'picture');
        writeFileSync(file, bytes);
        for (const maxDimension of [2048, 4096]) {
          const measures: Measure[] = [];
          for (let run = 0; run < RUNS; run++) {
            const out = execFileSync(
              process.execPath,
              [
                '--expose-gc',
                '--import',
                'tsx',
                fileURLToPath(import.meta.url),
                'child',
                file,
                type,
                String(maxDimension),
              ],
              { encoding: 'utf8' },
            );
            measures.push(JSON.parse(out.trim().split('\n').pop() as string) as Measure);
          }
          const done = measures.filter((m): m is { ms: number; peakMiB: number } => 'ms' in m);
          const measure: Measure =
            done.length === 0
              ? (measures[0] as Measure)
              : { ms: median(done.map((m) => m.ms)), peakMiB: median(done.map((m) => m.peakMiB)) };
          const figures =
            'refused' in measure
              ? { refused: measure.refused }
              : { ms: Math.round(measure.ms), peakMiB: Math.round(measure.peakMiB) };
          const row = {
            size: `${size.name} (${width}×${height})`,
            kind,
            fileMB: Number((bytes.byteLength / 1_000_000).toFixed(1)),
            fitWithin: maxDimension,
            ...figures,
          };
          rows.push(row);
          console.log(
            `${row.size.padEnd(22)} ${kind.padEnd(15)} ${String(row.fileMB).padStart(5)} MB  fit ${maxDimension}  ${
              'refused' in figures
                ? `refused: ${figures.refused}`
                : `${String(figures.ms).padStart(5)} ms  peak +${figures.peakMiB} MiB`
            }`,
          );
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeResult('image-costs', { measuredAt: new Date().toISOString(), node: process.version, rows });
}

if (process.argv[2] === 'child') {
  await child(process.argv[3] as string, process.argv[4] as 'image/jpeg', Number(process.argv[5]));
} else {
  await main();
}
