import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SpotlessBooking, SpotlessChat, SpotlessSearch } from './index';

describe('the React components on the server', () => {
  it('render one empty host element and nothing else: no script, no style, no widget code run', () => {
    const props = { publishableKey: 'pk_test', baseUrl: 'https://spotless.example' };
    expect(renderToString(createElement(SpotlessSearch, { ...props, city: 'Austin', className: 'listing' }))).toBe(
      '<div class="listing" data-spotless-widget="search"></div>',
    );
    expect(renderToString(createElement(SpotlessBooking, { ...props, cleanerId: 7 }))).toBe(
      '<div data-spotless-widget="booking"></div>',
    );
    expect(
      renderToString(createElement(SpotlessChat, { ...props, hostProps: { id: 'help', 'aria-label': 'Help chat' } })),
    ).toBe('<div id="help" aria-label="Help chat" data-spotless-widget="chat"></div>');
  });
});
