import { expect, it } from 'vitest';
import type { FileStorage } from './file-storage';

async function text(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  return file ? new TextDecoder().decode(await new Response(file.body).arrayBuffer()) : null;
}

/** What every FileStorage backend must do; run by each backend's tests (memory, folder, R2). */
export function fileStorageContract(make: () => Promise<FileStorage> | FileStorage) {
  it('keeps bytes under a key, gives them back with their size, and replaces them on a second put', async () => {
    const storage = await make();
    await storage.put('documents/7/a1.pdf', new TextEncoder().encode('%PDF-1.7 first'), {
      contentType: 'application/pdf',
    });
    expect(await text(storage, 'documents/7/a1.pdf')).toBe('%PDF-1.7 first');
    expect((await storage.get('documents/7/a1.pdf'))?.size).toBe(14);
    await storage.put('documents/7/a1.pdf', new TextEncoder().encode('second'), { contentType: 'application/pdf' });
    expect(await text(storage, 'documents/7/a1.pdf')).toBe('second');
  });

  it('answers null for a missing key, and deleting removes the bytes (twice is fine)', async () => {
    const storage = await make();
    expect(await storage.get('photos/none.png')).toBeNull();
    await storage.put('photos/1/x.png', new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' });
    await storage.delete('photos/1/x.png');
    await storage.delete('photos/1/x.png');
    expect(await storage.get('photos/1/x.png')).toBeNull();
  });

  it('refuses keys that could leave its folder or bucket', async () => {
    const storage = await make();
    for (const key of ['../escape', 'a/../../b', '/abs', 'UPPER', 'a//b', '']) {
      await expect(storage.put(key, new Uint8Array([1]), { contentType: 'image/png' })).rejects.toThrow(
        'Invalid file key',
      );
    }
  });
}
