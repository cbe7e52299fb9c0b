/**
 * Whether bytes that begin like a PDF are one (decision 045): the header, a final `startxref`
 * pointing at a cross-reference table (or stream) inside the file, and a trailer (or the stream's
 * dictionary) naming the document's `/Root`. A file that only starts with `%PDF` — an HTML page
 * behind a PDF signature — has none of these and is refused. Not a renderer: the file is still
 * served only as an attachment, with nosniff and a sandbox CSP.
 */

const latin1 = new TextDecoder('latin1');
/** The end of a PDF: where `startxref` and `%%EOF` must be (some writers append a little junk). */
const TAIL_BYTES = 2048;

export function isStructurallyPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 64) return false;
  const head = latin1.decode(bytes.subarray(0, 16));
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)));
  const found = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1);
  if (!found) return false;
  const offset = Number(found[1]);
  if (!Number.isSafeInteger(offset) || offset <= 8 || offset >= bytes.length) return false;
  const at = latin1.decode(bytes.subarray(offset, Math.min(bytes.length, offset + 4096)));
  if (/^\s*xref\b/.test(at)) {
    // A classic table, then its trailer dictionary, which names the catalogue.
    const trailer = latin1.decode(bytes.subarray(offset)).match(/trailer\s*<<([\s\S]*?)>>\s*startxref/);
    return trailer !== null && /\/Root\s+\d+\s+\d+\s+R/.test(trailer[1] ?? '');
  }
  // A cross-reference stream (PDF 1.5+): an object whose dictionary is /Type /XRef with a /Root.
  const stream = at.match(/^\s*\d+\s+\d+\s+obj\s*<<([\s\S]*?)stream/);
  const dictionary = stream?.[1] ?? '';
  return /\/Type\s*\/XRef/.test(dictionary) && /\/Root\s+\d+\s+\d+\s+R/.test(dictionary);
}
