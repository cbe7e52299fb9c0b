import { describe, expect, it } from 'vitest';
import { sseParser } from './sse';

describe('the server-sent events parser', () => {
  const text =
    'event: delta\r\ndata: {"a":1}\r\n\r\n: a comment\nevent: reply\ndata: x\ndata:y\n\ndata: plain\r\rdata: last';
  const expected = [
    { event: 'delta', data: '{"a":1}' },
    { event: 'reply', data: 'x\ny' },
    { event: 'message', data: 'plain' },
    { event: 'message', data: 'last' },
  ];

  it('reads the same events whatever the chunk size and line endings (LF, CRLF, CR)', () => {
    for (let size = 1; size <= text.length; size++) {
      const events: Array<{ event: string; data: string }> = [];
      const parser = sseParser((e) => events.push(e));
      for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
      parser.end();
      expect(events, `chunks of ${size}`).toEqual(expected);
    }
  });

  it('reads them split at every pair of places', () => {
    for (let a = 1; a < text.length; a++) {
      for (let b = a; b < text.length; b++) {
        const events: Array<{ event: string; data: string }> = [];
        const parser = sseParser((e) => events.push(e));
        parser.push(text.slice(0, a));
        parser.push(text.slice(a, b));
        parser.push(text.slice(b));
        parser.end();
        expect(events).toEqual(expected);
      }
    }
  });

  it('does not take a \\r at the end of a chunk for a whole line break', () => {
    const events: Array<{ event: string; data: string }> = [];
    const parser = sseParser((e) => events.push(e));
    parser.push('data: a\r');
    parser.push('\n\r');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toEqual([{ event: 'message', data: 'a' }]);
  });
});
