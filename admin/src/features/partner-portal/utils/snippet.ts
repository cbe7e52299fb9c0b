/**
 * The snippet builder (decision 081): the one tag and the element a partner pastes, for the chosen
 * widget and options, written as the SDK's README documents them.
 */

export type WidgetKind = 'search' | 'booking' | 'chat';

/** The theme variables the widgets take (`data-appearance`), with the labels the builder shows. */
export const THEME_FIELDS = [
  { name: 'colorPrimary', label: 'Primary colour' },
  { name: 'colorPrimaryText', label: 'Text on primary' },
  { name: 'colorText', label: 'Text colour' },
  { name: 'colorBorder', label: 'Border colour' },
  { name: 'radius', label: 'Corner radius' },
] as const;
export type ThemeName = (typeof THEME_FIELDS)[number]['name'];

export interface SnippetOptions {
  host: string;
  publishableKey: string;
  widget: WidgetKind;
  city: string;
  serviceType: string;
  cleanerId: string;
  appearance: Partial<Record<ThemeName, string>>;
}

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The element's `data-` attributes for the options that apply to the chosen widget. */
export function widgetAttributes(options: SnippetOptions): Record<string, string> {
  const out: Record<string, string> = { 'data-spotless': options.widget };
  if (options.widget !== 'booking' && options.city.trim()) out['data-city'] = options.city.trim();
  if (options.widget === 'search' && options.serviceType) out['data-service-type'] = options.serviceType;
  if (options.widget === 'booking' && options.cleanerId.trim()) out['data-cleaner-id'] = options.cleanerId.trim();
  const appearance = Object.fromEntries(Object.entries(options.appearance).filter(([, v]) => v?.trim()));
  if (Object.keys(appearance).length > 0) out['data-appearance'] = JSON.stringify(appearance);
  return out;
}

/** The tags to paste: the loader once, then the widget's element. */
export function embedSnippet(options: SnippetOptions): string {
  const element = Object.entries(widgetAttributes(options))
    .map(([name, value]) => `${name}="${attr(value)}"`)
    .join(' ');
  return [
    `<script src="${attr(options.host)}/embed.js" data-key="${attr(options.publishableKey)}" async></script>`,
    `<div ${element}></div>`,
  ].join('\n');
}
