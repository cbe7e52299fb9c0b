// URLs: URI templates, query strings and path parameters.

export type TemplateValue = string | number | boolean | undefined | null;

/**
 * Expands the URI templates the API uses (RFC 6570: `{name}` and form-style `{?a,b}`); variables
 * without a value are left out of the query.
 *
 * @example
 * expandTemplate('/api/cleaners/7/slots/{date}{?duration}', { date: '2026-12-01', duration: 120 })
 * // '/api/cleaners/7/slots/2026-12-01?duration=120'
 */
export function expandTemplate(href: string, variables: Record<string, TemplateValue> = {}): string {
  return href.replace(/\{(\?)?([^}]+)\}/g, (_m, query: string | undefined, names: string) => {
    if (!query) return encodeURIComponent(String(variables[names] ?? ''));
    const picked: Record<string, TemplateValue> = {};
    for (const name of names.split(',')) picked[name] = variables[name];
    return toQueryString(picked);
  });
}

export type QueryValue = string | number | boolean | undefined | null;

/**
 * Builds a query string from the non-empty values only ("empty filter values are not sent").
 *
 * @example
 * toQueryString({ location: 'Austin', serviceType: '' }) // '?location=Austin'
 */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `/api/bookings/{id}` with `{ id: 7 }` → `/api/bookings/7`. */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
