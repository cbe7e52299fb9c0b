import { describe, expect, it } from 'vitest';
import {
  copyBlockedReason,
  embedSnippet,
  optionProblem,
  type SnippetOptions,
  snippetProblems,
  snippetText,
  widgetAttributes,
} from './snippet';

const base: SnippetOptions = {
  host: 'https://spotless.example',
  publishableKey: 'pk_abc',
  widget: 'search',
  city: 'Austin',
  serviceType: 'deep',
  cleanerId: '12',
  appearance: {},
};

describe('the snippet builder', () => {
  it('writes the loader once and the element with the options its widget takes, and no other', () => {
    expect(embedSnippet(base)).toBe(
      '<script src="https://spotless.example/embed.js" data-key="pk_abc" async></script>\n<div data-spotless="search" data-city="Austin" data-service-type="deep"></div>',
    );
    expect(widgetAttributes({ ...base, widget: 'booking' })).toEqual({
      'data-spotless': 'booking',
      'data-cleaner-id': '12',
      'data-service-type': 'deep',
    });
    // The chat takes a city (where "near here" looks), and no service or cleaner.
    expect(widgetAttributes({ ...base, widget: 'chat' })).toEqual({ 'data-spotless': 'chat', 'data-city': 'Austin' });
  });

  it('writes the theme as JSON a person can read and paste, in a single-quoted attribute', () => {
    const html = embedSnippet({ ...base, appearance: { colorPrimary: '#1d4ed8', radius: '6px', colorText: ' ' } });
    expect(html).toContain(`data-appearance='{"colorPrimary":"#1d4ed8","radius":"6px"}'`);
    expect(html).not.toContain('&quot;');
    // What it writes is what the widget reads back: the attribute's value parses as the JSON.
    const value = /data-appearance='([^']*)'/.exec(html)?.[1] ?? '';
    expect(JSON.parse(value)).toEqual({ colorPrimary: '#1d4ed8', radius: '6px' });
    expect(embedSnippet({ ...base, city: '"><script>' })).not.toContain('"><script>');
  });

  it('takes colours as hex, sizes with a unit and a cleaner by number, and leaves anything else out', () => {
    expect(optionProblem('colorPrimary', '#0F766E')).toBeNull();
    expect(optionProblem('colorPrimary', '#abc')).toBeNull();
    for (const colour of ['red', '0f766e', '#12345', '#gggggg', "#fff' onmouseover='x"]) {
      expect(optionProblem('colorPrimary', colour), colour).toBe(snippetText.colour);
    }
    expect(optionProblem('radius', '0.5rem')).toBeNull();
    expect(optionProblem('radius', 'huge')).toBe(snippetText.size);
    expect(optionProblem('cleanerId', '12', 'booking')).toBeNull();
    for (const id of ['twelve', '12a', '-1', '0', '1.5', ' 1 2']) {
      expect(optionProblem('cleanerId', id, 'booking'), id).toBe(snippetText.cleanerId);
    }
    expect(optionProblem('cleanerId', '', 'booking')).toBe(snippetText.cleanerIdRequired);
    const bad = { ...base, widget: 'booking' as const, cleanerId: 'abc', appearance: { colorPrimary: 'blue' } };
    expect(snippetProblems(bad)).toEqual({ cleanerId: snippetText.cleanerId, colorPrimary: snippetText.colour });
    expect(widgetAttributes(bad)).toEqual({ 'data-spotless': 'booking', 'data-service-type': 'deep' });
  });

  it('says why the snippet cannot be copied while an option is invalid, and nothing once all are valid', () => {
    const booking = { ...base, widget: 'booking' as const, cleanerId: '' };
    expect(copyBlockedReason(snippetProblems(booking))).toBe(
      `Copying waits until the options are valid: ${snippetText.cleanerIdRequired}.`,
    );
    expect(copyBlockedReason(snippetProblems({ ...booking, cleanerId: '12', appearance: { radius: 'big' } }))).toBe(
      `Copying waits until the options are valid: ${snippetText.size}.`,
    );
    expect(copyBlockedReason(snippetProblems({ ...booking, cleanerId: '12' }))).toBeNull();
    expect(snippetText.cleanerId).toContain('/cleaner/12');
  });
});
