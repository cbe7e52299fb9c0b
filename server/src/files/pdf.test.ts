import { describe, expect, it } from 'vitest';
import { samplePdf } from '../test/sample-files';
import { isStructurallyPdf } from './pdf';

const text = (value: string) => new TextEncoder().encode(value);

describe('isStructurallyPdf', () => {
  it('accepts a PDF whose startxref points at its cross-reference table and trailer', () => {
    expect(isStructurallyPdf(samplePdf())).toBe(true);
  });

  it('accepts a PDF with trailing bytes after %%EOF, as some writers leave', () => {
    const pdf = samplePdf();
    const padded = new Uint8Array(pdf.length + 3);
    padded.set(pdf);
    padded.set(text('\n\n\n'), pdf.length);
    expect(isStructurallyPdf(padded)).toBe(true);
  });

  it('refuses %PDF in front of HTML, a truncated file, and a startxref pointing nowhere', () => {
    expect(isStructurallyPdf(text(`%PDF-1.4\n<html><script>alert(1)</script></html>${' '.repeat(80)}`))).toBe(false);
    const pdf = samplePdf();
    expect(isStructurallyPdf(pdf.subarray(0, pdf.length - 40))).toBe(false);
    const wrong = new TextDecoder('latin1').decode(pdf).replace(/startxref\n\d+/, 'startxref\n12');
    expect(isStructurallyPdf(text(wrong))).toBe(false);
    const noRoot = new TextDecoder('latin1').decode(pdf).replace('/Root 1 0 R', '/Info 1 0 R');
    expect(isStructurallyPdf(text(noRoot))).toBe(false);
  });
});
