import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../contract/openapi';
import { KEY_REFUSALS } from '../partners/partners.service';
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

  it('names every parameter\'s type, unions included, never "any"', () => {
    const page = renderDocsPage(document);
    const cells = [
      ...page.matchAll(
        /<tr><td><code>([^<]+)<\/code><\/td><td>[a-z]+<\/td><td>(?:yes|no)<\/td><td>([^<]*)<\/td><\/tr>/g,
      ),
    ];
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.filter(([, , schema]) => schema === 'any' || schema === '').map(([, name]) => name)).toEqual([]);
    // A union reads as its alternatives.
    expect(
      renderDocsPage({
        ...document,
        paths: {
          '/x': {
            get: {
              summary: 's',
              description: 'A union parameter, shown as its alternatives.',
              parameters: [
                {
                  name: 'u',
                  in: 'query',
                  required: false,
                  schema: { anyOf: [{ type: 'number' }, { type: 'array', items: { type: 'number' } }] },
                },
              ],
              responses: {},
            },
          },
        },
      } as unknown as OpenApiDocument),
    ).toContain('<td>number or array of number</td>');
  });

  it('names every refusal code of a partner key, so a partner developer can handle each', () => {
    const scheme = (document.components as { securitySchemes: Record<string, { description: string }> }).securitySchemes
      .publishableKey?.description;
    for (const refusal of Object.values(KEY_REFUSALS)) expect(scheme).toContain(`\`${refusal.code}\``);
  });
});
