import { describe, expect, it } from 'vitest';
import { embedSnippet, type SnippetOptions, widgetAttributes } from './snippet';

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
  it('writes the loader once and the element with the options its widget takes', () => {
    expect(embedSnippet(base)).toBe(
      '<script src="https://spotless.example/embed.js" data-key="pk_abc" async></script>\n<div data-spotless="search" data-city="Austin" data-service-type="deep"></div>',
    );
    expect(widgetAttributes({ ...base, widget: 'booking' })).toEqual({
      'data-spotless': 'booking',
      'data-cleaner-id': '12',
    });
    expect(widgetAttributes({ ...base, widget: 'chat' })).toEqual({ 'data-spotless': 'chat', 'data-city': 'Austin' });
  });

  it('carries the theme as JSON in one attribute, escaped for HTML', () => {
    const html = embedSnippet({ ...base, appearance: { colorPrimary: '#1d4ed8', radius: '6px', colorText: ' ' } });
    expect(html).toContain(
      `data-appearance="{&quot;colorPrimary&quot;:&quot;#1d4ed8&quot;,&quot;radius&quot;:&quot;6px&quot;}"`,
    );
    expect(embedSnippet({ ...base, city: '"><script>' })).not.toContain('"><script>');
  });
});
