import { describe, expect, it } from 'vitest';
import { choosePhotos, photoProblem, photosFormData, tooManyPhotos } from './photo-drafts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = new TextEncoder().encode('%PDF-1.4\n');

describe('chosen photos', () => {
  it('accepts PNG and JPEG by their bytes', async () => {
    expect(await photoProblem(new Blob([PNG]))).toBeNull();
    expect(await photoProblem(new Blob([JPEG], { type: 'text/plain' }))).toBeNull();
  });

  it('refuses a PDF or text named like an image', async () => {
    expect((await photoProblem(new File([PDF], 'photo.png', { type: 'image/png' })))?.title).toBe('Invalid File Type');
    expect((await photoProblem(new File(['<html>'], 'photo.jpg', { type: 'image/jpeg' })))?.title).toBe(
      'Invalid File Type',
    );
  });

  it('refuses a photo over 10MB before reading it', async () => {
    const big = new Blob([PNG, new Uint8Array(10 * 1024 * 1024)]);
    expect((await photoProblem(big))?.title).toBe('File Too Large');
    expect(await photoProblem(new Blob([PNG, new Uint8Array(10 * 1024 * 1024 - PNG.length)]))).toBeNull();
  });

  it('allows at most five, saying on what', () => {
    expect(tooManyPhotos(3, 2, 'review')).toBeNull();
    expect(tooManyPhotos(3, 3, 'report')).toEqual({
      title: 'Too Many Photos',
      description: 'You can add at most 5 photos to a report.',
    });
  });

  it('takes every file chosen, or names the first one that is wrong and takes none', async () => {
    const ok = await choosePhotos([new File([PNG], 'a.png'), new File([JPEG], 'b.jpg')], 2, 'report');
    expect('chosen' in ok && ok.chosen.map((p) => p.file.name)).toEqual(['a.png', 'b.jpg']);
    expect('chosen' in ok && new Set(ok.chosen.map((p) => p.key)).size).toBe(2);
    const wrong = await choosePhotos([new File([PNG], 'a.png'), new File([PDF], 'scan.png')], 0, 'report');
    expect(wrong).toEqual({
      problem: { title: 'Invalid File Type', description: 'scan.png: Please select a JPEG or PNG image.' },
    });
    expect(await choosePhotos([new File([PNG], 'a.png')], 5, 'report')).toEqual({
      problem: { title: 'Too Many Photos', description: 'You can add at most 5 photos to a report.' },
    });
  });

  it('sends one photos part per photo, in order', () => {
    const form = photosFormData([{ file: new File([PNG], 'a.png') }, { file: new File([JPEG], 'b.jpg') }]);
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['a.png', 'b.jpg']);
    expect([...form.keys()]).toEqual(['photos', 'photos']);
  });
});
