import { describe, expect, it } from 'vitest';
import { AnswerCache, SearchVersion } from './search-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('SearchVersion', () => {
  it('never hands a caller a read that started before it asked', async () => {
    const reads: Array<ReturnType<typeof deferred<number>>> = [];
    const version = new SearchVersion(() => {
      const d = deferred<number>();
      reads.push(d);
      return d.promise;
    });
    const a = version.get();
    const b = version.get(); // arrives while read 1 is in flight: must wait for read 2
    const c = version.get(); // shares read 2 with b
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(1);
    expect(await a).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(2);
    expect(await b).toBe(2);
    expect(await c).toBe(2);
    const d = version.get();
    expect(reads).toHaveLength(3);
    reads[2]!.resolve(3);
    expect(await d).toBe(3);
  });
});

describe('AnswerCache', () => {
  it('misses on another version, evicts the least recently used, and shares one computation', async () => {
    const cache = new AnswerCache(2);
    cache.set('a', 1, 'A');
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('a', 2)).toBeUndefined();
    cache.set('a', 1, 'A');
    cache.set('b', 1, 'B');
    cache.get('a', 1);
    cache.set('c', 1, 'C');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('A');
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return 'X';
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.getOrCompute('x', 1, compute)));
    expect(answers).toEqual(['X', 'X', 'X']);
    expect(runs).toBe(1);
    expect(await cache.getOrCompute('x', 1, compute)).toBe('X');
    expect(runs).toBe(1);
  });
});
