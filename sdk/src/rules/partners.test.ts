import { describe, expect, it } from 'vitest';
import { formatCommission, isOriginPattern, originAllowed } from './partners';

describe('partner origins', () => {
  it('accepts origins and any-port patterns, and nothing with a path, a suffix wildcard or upper case', () => {
    for (const ok of ['https://realty.example', 'http://127.0.0.1:*', 'http://localhost:5173', 'http://[::1]:*']) {
      expect(isOriginPattern(ok), ok).toBe(true);
    }
    for (const bad of [
      'https://realty.example/',
      'https://realty.example/page',
      'https://*.example',
      'realty.example',
      'ftp://realty.example',
      'HTTPS://Realty.example',
      'http://localhost:0',
      'http://localhost:70000',
      '*',
    ]) {
      expect(isOriginPattern(bad), bad).toBe(false);
    }
  });

  it('matches scheme, host and port whole; * stands for any port only', () => {
    const patterns = ['https://realty.example', 'http://127.0.0.1:*'];
    expect(originAllowed('https://realty.example', patterns)).toBe(true);
    expect(originAllowed('https://realty.example:443', patterns)).toBe(true);
    expect(originAllowed('http://realty.example', patterns)).toBe(false);
    expect(originAllowed('https://realty.example:8443', patterns)).toBe(false);
    expect(originAllowed('https://evil-realty.example', patterns)).toBe(false);
    expect(originAllowed('https://realty.example.evil.test', patterns)).toBe(false);
    expect(originAllowed('http://127.0.0.1:4100', patterns)).toBe(true);
    expect(originAllowed('http://127.0.0.1', patterns)).toBe(true);
    expect(originAllowed('http://127.0.0.2:4100', patterns)).toBe(false);
    expect(originAllowed('null', patterns)).toBe(false);
    expect(originAllowed('http://127.0.0.1:*', patterns)).toBe(false);
  });

  it('writes commission rates as percentages', () => {
    expect(formatCommission(1250)).toBe('12.5%');
    expect(formatCommission(1000)).toBe('10%');
    expect(formatCommission(0)).toBe('0%');
  });
});
