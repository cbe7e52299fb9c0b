import { SERVICE_TYPES } from '@spotless/sdk';

/**
 * The snippet builder (decision 081): the one tag and the element a partner pastes, for the chosen
 * widget and options, written as the SDK's README documents them and as a person can read them.
 */

export type WidgetKind = 'search' | 'booking' | 'chat';
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The options a widget reads from its element (sdk/src/widgets/index.tsx `optionsOf`). */
export type WidgetOption = 'city' | 'serviceType' | 'cleanerId';

/**
 * Which options each widget takes: search a city and a service; booking its cleaner and a service;
 * the chat a city, where "near here" looks.
 */
export const WIDGET_OPTIONS: Record<WidgetKind, readonly WidgetOption[]> = {
  search: ['city', 'serviceType'],
  booking: ['cleanerId', 'serviceType'],
  chat: ['city'],
};

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  residential: 'House cleaning',
  deep: 'Deep cleaning',
  commercial: 'Office cleaning',
  moveout: 'Move-in/out cleaning',
};
export const SERVICE_TYPE_CHOICES = SERVICE_TYPES.map((value) => ({ value, label: SERVICE_TYPE_LABELS[value] }));

/**
 * The theme variables the widgets take (`data-appearance`), with the labels the builder shows and
 * the widgets' own defaults (sdk/src/widgets/styles.ts), shown until the partner sets one.
 */
export const THEME_FIELDS = [
  { name: 'colorPrimary', label: 'Primary colour', kind: 'colour', standard: '#0f766e' },
  { name: 'colorPrimaryText', label: 'Text on primary', kind: 'colour', standard: '#ffffff' },
  { name: 'colorText', label: 'Text colour', kind: 'colour', standard: '#0f172a' },
  { name: 'colorBorder', label: 'Border colour', kind: 'colour', standard: '#cbd5e1' },
  { name: 'radius', label: 'Corner radius', kind: 'size', standard: '10px' },
] as const;
export type ThemeName = (typeof THEME_FIELDS)[number]['name'];

export interface SnippetOptions {
  host: string;
  publishableKey: string;
  widget: WidgetKind;
  city: string;
  serviceType: ServiceType | '';
  cleanerId: string;
  appearance: Partial<Record<ThemeName, string>>;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const SIZE = /^\d{1,3}(?:\.\d{1,2})?(?:px|rem|em)$/;
const DIGITS = /^\d{1,9}$/;

export const snippetText = {
  colour: 'Enter a colour as # and 6 hexadecimal digits, such as #0f766e, or pick one',
  size: 'Enter a size such as 6px or 0.5rem',
  cleanerId: 'Enter the cleaner’s number, digits only: the 12 of spotless.example/cleaner/12',
  cleanerIdRequired: 'The booking widget needs the number of the cleaner it books',
};

/** Why a builder field's value cannot go into the snippet, or null (blank leaves it out). */
export function optionProblem(
  field: WidgetOption | ThemeName,
  value: string,
  widget: WidgetKind = 'search',
): string | null {
  const text = value.trim();
  if (field === 'cleanerId') {
    if (!text) return widget === 'booking' ? snippetText.cleanerIdRequired : null;
    return DIGITS.test(text) && Number(text) > 0 ? null : snippetText.cleanerId;
  }
  if (!text) return null;
  const theme = THEME_FIELDS.find((f) => f.name === field);
  if (theme?.kind === 'colour') return HEX_COLOUR.test(text) ? null : snippetText.colour;
  if (theme?.kind === 'size') return SIZE.test(text) ? null : snippetText.size;
  return null;
}

/**
 * Why the snippet cannot be copied yet, or null: every problem, in one sentence a person reads
 * beside the disabled Copy button (the fields may not show theirs before they are touched).
 */
export function copyBlockedReason(problems: Partial<Record<string, string>>): string | null {
  const all = Object.values(problems).filter((p): p is string => Boolean(p));
  return all.length === 0 ? null : `Copying waits until the options are valid: ${all.join('; ')}.`;
}

/** Every problem of the options the chosen widget takes, by field. */
export function snippetProblems(options: SnippetOptions): Partial<Record<WidgetOption | ThemeName, string>> {
  const problems: Partial<Record<WidgetOption | ThemeName, string>> = {};
  for (const field of WIDGET_OPTIONS[options.widget]) {
    const problem = optionProblem(field, options[field], options.widget);
    if (problem) problems[field] = problem;
  }
  for (const field of THEME_FIELDS) {
    const problem = optionProblem(field.name, options.appearance[field.name] ?? '');
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** A value inside a double-quoted attribute. */
const quoted = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
/** A value inside a single-quoted attribute: JSON reads as written, its double quotes untouched. */
const singleQuoted = (value: string) => value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');

/** The element's `data-` attributes for the options the chosen widget takes; invalid ones left out. */
export function widgetAttributes(options: SnippetOptions): Record<string, string> {
  const out: Record<string, string> = { 'data-spotless': options.widget };
  const takes = WIDGET_OPTIONS[options.widget];
  const ok = (field: WidgetOption, value: string) =>
    takes.includes(field) && value.trim() !== '' && optionProblem(field, value, options.widget) === null;
  if (ok('city', options.city)) out['data-city'] = options.city.trim();
  if (ok('cleanerId', options.cleanerId)) out['data-cleaner-id'] = options.cleanerId.trim();
  if (ok('serviceType', options.serviceType)) out['data-service-type'] = options.serviceType;
  const appearance = Object.fromEntries(
    THEME_FIELDS.map((field) => [field.name, options.appearance[field.name]?.trim() ?? ''] as const).filter(
      ([name, value]) => value !== '' && optionProblem(name, value) === null,
    ),
  );
  if (Object.keys(appearance).length > 0) out['data-appearance'] = JSON.stringify(appearance);
  return out;
}

/** The tags to paste: the loader once, then the widget's element (`data-appearance` single-quoted). */
export function embedSnippet(options: SnippetOptions): string {
  const element = Object.entries(widgetAttributes(options))
    .map(([name, value]) =>
      name === 'data-appearance' ? `${name}='${singleQuoted(value)}'` : `${name}="${quoted(value)}"`,
    )
    .join(' ');
  return [
    `<script src="${quoted(options.host)}/embed.js" data-key="${quoted(options.publishableKey)}" async></script>`,
    `<div ${element}></div>`,
  ].join('\n');
}

/** The least height the preview frame gives a widget before it has measured it. */
export const PREVIEW_MIN_HEIGHT: Record<WidgetKind, number> = {
  // The search form and its first results; the booking widget's 420 px; the chat's open panel (500 px) and launcher.
  search: 320,
  booking: 460,
  chat: 600,
};
