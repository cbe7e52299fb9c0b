import type { OpenApiDocument as Document, OpenApiOperation as Operation } from '../contract/openapi';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/**
 * A description as a reader sees it: the text escaped, and its `inline code` (the OpenAPI
 * document's CommonMark) as `<code>`, never as literal backticks.
 */
export const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A schema shown as JSON, its descriptions as plain text (in a `<pre>`, code needs no backticks). */
const schemaJson = (schema: unknown) =>
  escapeHtml(
    JSON.stringify(
      schema,
      (key, value) => (key === 'description' && typeof value === 'string' ? value.replace(/`/g, '') : value),
      2,
    ),
  );

function schemaSummary(schema: Record<string, unknown>): string {
  if (typeof schema.$ref === 'string') return schema.$ref.replace('#/components/schemas/', '');
  // A union (a number or a list of them, a date or a date-time): each alternative, "or" between.
  const alternatives = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const each = [...new Set(alternatives.map(schemaSummary))].join(' or ');
    return schema.default !== undefined ? `${each}, default ${JSON.stringify(schema.default)}` : each;
  }
  const parts: string[] = [];
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object')
    parts.push(`array of ${schemaSummary(schema.items as Record<string, unknown>)}`);
  else if (Array.isArray(schema.type)) parts.push(schema.type.join(' or '));
  else if (schema.type) parts.push(String(schema.type));
  if (typeof schema.format === 'string') parts.push(schema.format);
  if (schema.const !== undefined) parts.push(`exactly ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map(String).join(', ')}`);
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined && Number(schema.maximum) < Number.MAX_SAFE_INTEGER)
    parts.push(`max ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ') || 'any';
}

function renderOperation(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(schemaSummary(p.schema))}</td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content['application/json']?.schema;
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const schema = r.content?.['application/json']?.schema;
      return `<li><strong>${status}</strong> ${prose(r.description)}${schema ? ` — <code>${escapeHtml(schemaSummary(schema as Record<string, unknown>))}</code>` : ''}</li>`;
    })
    .join('');
  return `<section class="op" id="${escapeHtml(`${method}-${path}`)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${prose(op.summary ?? '')}${op['x-access'] ? ` <span class="access">access: ${escapeHtml(op['x-access'])}</span>` : ''}</p>
  ${op.description ? `<p>${prose(op.description)}</p>` : ''}
  ${params ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${params}</tbody></table>` : ''}
  ${body ? `<details><summary>Request body (JSON)</summary><pre>${schemaJson(body)}</pre></details>` : ''}
  <ul class="responses">${responses}</ul>
</section>`;
}

/** A self-contained, readable rendering of the OpenAPI document (no CDN, no script). */
export function renderDocsPage(doc: Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const toc = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<details id="schema-${escapeHtml(name)}"><summary>${escapeHtml(name)}</summary><pre>${schemaJson(schema)}</pre></details>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
header,main{max-width:960px;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:1px solid #ddd}
code,pre{font-family:ui-monospace,monospace}
pre{background:#f5f5f5;padding:.75rem;overflow:auto;font-size:13px}
.op{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;padding:0 .4rem;color:#fff;font-size:14px}
.get{background:#1f6f43}.post{background:#1d4ed8}.put,.patch{background:#8a4b00}.delete{background:#b42318}
.access{color:#4a4a4a;font-size:14px;margin-left:.5rem}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;overflow-wrap:anywhere}
code{overflow-wrap:anywhere}
caption{text-align:left;font-weight:600}
</style></head>
<body><header><h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
<p>${prose(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<nav aria-label="Sections"><ul>${toc}<li><a href="#schemas">Schemas</a></li></ul></nav></header>
<main>${sections}<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}
