import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkFileKey, type FileStorage, streamOf } from './files/file-storage';

/**
 * Files in a folder (Node: `data/files`). A file is written beside its final name and renamed into
 * place after an fsync, so a crash leaves either the old bytes or the new, never half a file.
 */
export function folderFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkFileKey(key).split('/'));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      const handle = await open(temporary, 'wx');
      try {
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        // A full disk, or the rename refused: no half-written file stays behind.
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
        return { body: streamOf(new Uint8Array(bytes)), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
