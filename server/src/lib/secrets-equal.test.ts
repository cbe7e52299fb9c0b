import { describe, expect, it } from 'vitest';
import { secretsEqual, utf8Bytes } from './secrets-equal';

describe('secretsEqual', () => {
  it('is true only for the same text, byte for byte', () => {
    expect(secretsEqual('whsec_abc', 'whsec_abc')).toBe(true);
    expect(secretsEqual('whsec_abc', 'whsec_abd')).toBe(false);
    expect(secretsEqual('whsec_abc', 'whsec_ab')).toBe(false);
    expect(secretsEqual('', '')).toBe(true);
    expect(secretsEqual('é', 'e\u0301')).toBe(false);
  });

  it('reads a text as its UTF-8 bytes', () => {
    expect([...utf8Bytes('aé')]).toEqual([0x61, 0xc3, 0xa9]);
  });
});
