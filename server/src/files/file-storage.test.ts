import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderFileStorage } from '../node-files';
import { memoryFileStorage, unavailableFileStorage } from './file-storage';
import { fileStorageContract } from './file-storage.contract';

describe('memory file storage', () => {
  fileStorageContract(() => memoryFileStorage());
});

describe('folder file storage (Node: data/files)', () => {
  const root = mkdtempSync(join(tmpdir(), 'spotless-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  fileStorageContract(() => folderFileStorage(join(root, String(Math.random()).slice(2))));

  it('leaves no partial file behind and writes inside its folder only', async () => {
    const dir = join(root, 'exact');
    const storage = folderFileStorage(dir);
    await storage.put('documents/1/id.pdf', new Uint8Array(1024), { contentType: 'application/pdf' });
    expect(readdirSync(join(dir, 'documents', '1'))).toEqual(['id.pdf']);
    expect(readdirSync(root)).not.toContain('escape');
  });
});

describe('no file storage configured', () => {
  it('answers 503 storage_unavailable', async () => {
    await expect(unavailableFileStorage().get('a')).rejects.toMatchObject({ status: 503, code: 'storage_unavailable' });
  });
});
