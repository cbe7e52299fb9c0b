import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../contract/openapi';
import { currentOpenApi } from './api-types';
import { prose, renderDocsPage } from './docs.page';

/**
 * The API reference as a stranger reads it (`/api/docs`, `/api/openapi.json`): every operation says
 * what it does, no text points at the project's internal records, and the page shows code as code,
 * never as the document's literal backticks.
 */

const document = (await currentOpenApi()) as unknown as OpenApiDocument;

/** Every `description` in the document, with where it is. */
function descriptions(value: unknown, at: string, found: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) descriptions(item, `${at}/${i}`, found);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'description' && typeof inner === 'string') found.push([at, inner]);
      else descriptions(inner, `${at}/${key}`, found);
    }
  }
  return found;
}

describe('the API reference', () => {
  it('describes every operation', () => {
    const bare: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if ((op.description ?? '').trim().length < 20) bare.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('never points a reader at the project’s internal records', () => {
    const internal = descriptions(document, '#').filter(([, text]) => /\bdecisions?\b|\bADR\b|docs\//i.test(text));
    expect(internal).toEqual([]);
    expect(document.info.description ?? '').not.toMatch(/decision/i);
  });

  it('shows inline code as code, with no literal backtick left in the page', () => {
    expect(prose('Start at `GET /api` <here>')).toBe('Start at <code>GET /api</code> &lt;here&gt;');
    const page = renderDocsPage(document);
    expect(page).toContain('<code>GET /api</code>');
    expect(page).not.toContain('`');
  });
});
