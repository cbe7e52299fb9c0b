import { readFileSync, statSync } from 'node:fs';
import { type Clock, systemClock } from './deps';

/**
 * Browser tests' clock (TEST_CLOCK_FILE, refused in production): the real time plus the number of
 * milliseconds written in `path` (0 or absent: the real time). A test moves the server's time by
 * rewriting the file — the way the completion rule's "after the start" is reached without waiting.
 * The file is read again only when it changes.
 */
export function fileOffsetClock(path: string): Clock {
  let seen = -1;
  let offsetMs = 0;
  return {
    now() {
      let mtime = 0;
      try {
        mtime = statSync(path).mtimeMs;
      } catch {
        offsetMs = 0;
        seen = -1;
        return systemClock.now();
      }
      if (mtime !== seen) {
        seen = mtime;
        const value = Number(readFileSync(path, 'utf8').trim() || 0);
        offsetMs = Number.isFinite(value) ? value : 0;
      }
      return new Date(Date.now() + offsetMs);
    },
  };
}
