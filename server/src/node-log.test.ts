import { describe, expect, it } from 'vitest';
import { batchedLines } from './node-log';

describe('batchedLines', () => {
  it('writes the lines of one turn in one call, in order, and starts again on the next turn', async () => {
    const writes: string[] = [];
    const log = batchedLines({ write: (text) => writes.push(text) });
    log.write('{"a":1}');
    log.write('{"b":2}');
    log.write('{"c":3}');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n']);
    log.write('{"d":4}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n', '{"d":4}\n']);
  });

  it('writes at once when a turn gathers many lines, so memory stays bounded', () => {
    const writes: string[] = [];
    const log = batchedLines({ write: (text) => writes.push(text) }, 3);
    for (let i = 0; i < 7; i++) log.write(String(i));
    expect(writes).toEqual(['0\n1\n2\n', '3\n4\n5\n']);
    log.flush();
    expect(writes.at(-1)).toBe('6\n');
  });
});
