import { LAUNCHER } from './launcher-place';

/**
 * The widgets' styles, in one constructed stylesheet adopted by each shadow root: no `<style>`
 * element and no inline style attribute, so a strict CSP allows it. `:host` resets every
 * inherited property but the font family (`all: initial` beats even a host page's `!important`
 * rules on the element: inside a shadow tree, important declarations of the inner context win).
 * Theming goes through custom properties (`appearance`, set on the widget's container, or `--sp-*`
 * on the element) and `::part`.
 */
export const WIDGET_CSS = `
:host { all: initial !important; display: block !important; font-family: inherit !important; contain: layout style;
  --sp-primary: #0f766e; --sp-primary-text: #ffffff; --sp-text: #0f172a; --sp-muted: #475569; --sp-border: #cbd5e1;
  --sp-surface: #ffffff; --sp-danger: #b91c1c; --sp-radius: 10px; --sp-space: 12px; }
:host([hidden]) { display: none !important; }
:host([data-spotless="search"]) { min-height: 190px !important; }
:host([data-spotless="booking"]) { min-height: 420px !important; }
.sp { color: var(--sp-text); font-size: 15px; line-height: 1.45; box-sizing: border-box; }
.sp *, .sp *::before, .sp *::after { box-sizing: border-box; }
.sp h2, .sp h3, .sp p { margin: 0; }
.sp h2 { font-size: 18px; font-weight: 700; }
.sp h3 { font-size: 16px; font-weight: 600; }
.sp-card { background: var(--sp-surface); border: 1px solid var(--sp-border); border-radius: var(--sp-radius); padding: calc(var(--sp-space) * 1.33); }
.sp-stack { display: grid; gap: var(--sp-space); }
.sp-row { display: flex; flex-wrap: wrap; gap: var(--sp-space); align-items: flex-end; }
.sp-row > .sp-field { flex: 1 1 140px; min-width: 0; }
.sp-row--service > .sp-field:first-child { flex-basis: 240px; }
.sp-field { display: grid; gap: 4px; }
.sp-label { font-size: 13px; font-weight: 600; color: var(--sp-text); }
.sp-input { font: inherit; color: var(--sp-text); background: #fff; border: 1px solid var(--sp-border); border-radius: calc(var(--sp-radius) * 0.6);
  padding: 8px 10px; min-height: 40px; width: 100%; }
.sp-input:focus-visible, .sp-button:focus-visible, .sp-slot:focus-visible { outline: 3px solid var(--sp-primary); outline-offset: 2px; }
.sp-input[aria-invalid="true"] { border-color: var(--sp-danger); }
.sp-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.sp-card-field { display: block; padding: 11px 10px; }
.sp-card-field ::slotted(*) { display: block; min-height: 18px; }
.sp-error { color: var(--sp-danger); font-size: 13px; }
.sp-warning { color: #92400e; background: #fffbeb; border: 1px solid #f59e0b; border-radius: calc(var(--sp-radius) * 0.6); padding: 8px 10px; font-size: 14px; }
.sp-alert { color: var(--sp-danger); border: 1px solid currentColor; border-radius: calc(var(--sp-radius) * 0.6); padding: 8px 10px; }
.sp-muted { color: var(--sp-muted); font-size: 13px; }
.sp-details { font-size: 13px; color: var(--sp-text); }
.sp-details summary { cursor: pointer; color: var(--sp-muted); }
.sp-details p { margin-top: 4px; overflow-wrap: anywhere; }
.sp-alert .sp-stack, .sp-alert.sp-stack { gap: 6px; }
.sp-button { font: inherit; font-weight: 600; cursor: pointer; border: 1px solid var(--sp-primary); background: var(--sp-primary);
  color: var(--sp-primary-text); border-radius: calc(var(--sp-radius) * 0.6); padding: 8px 14px; min-height: 40px; }
.sp-button[disabled] { opacity: 0.6; cursor: default; }
.sp-button--ghost { background: transparent; color: var(--sp-primary); }
.sp-results { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--sp-space); }
.sp-result { display: flex; gap: var(--sp-space); justify-content: space-between; align-items: center; flex-wrap: wrap; }
.sp-more { align-items: center; justify-content: space-between; }
.sp-see-all { color: var(--sp-primary); font-weight: 600; text-decoration: underline; text-underline-offset: 2px; }
.sp-see-all:focus-visible { outline: 3px solid var(--sp-primary); outline-offset: 2px; }
.sp-badges { display: flex; gap: 6px; flex-wrap: wrap; }
.sp-badge { font-size: 12px; font-weight: 600; border-radius: 999px; padding: 2px 8px; background: #ecfdf5; color: #065f46; }
.sp-slots { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 0; padding: 0; }
.sp-slot { font: inherit; cursor: pointer; border: 1px solid var(--sp-border); background: #fff; color: var(--sp-text);
  border-radius: calc(var(--sp-radius) * 0.6); padding: 6px 10px; min-height: 36px; }
.sp-slot[aria-pressed="true"] { background: var(--sp-primary); border-color: var(--sp-primary); color: var(--sp-primary-text); }
.sp-dialog { border: none; border-radius: var(--sp-radius); padding: 0; width: min(560px, calc(100vw - 24px)); max-height: calc(100vh - 24px); }
.sp-dialog::backdrop { background: rgba(15, 23, 42, 0.5); }
.sp-dialog-head { display: flex; justify-content: flex-end; padding: 8px 8px 0; }
.sp-dialog .sp-card { border: none; padding-top: 0; }
.sp-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sp-layer { position: fixed; inset: auto ${LAUNCHER.round.inset}px ${LAUNCHER.round.inset}px auto; margin: 0; padding: 0; border: 0; background: transparent; overflow: visible; color: inherit; }
.sp-chat-launcher { width: ${LAUNCHER.round.size}px; height: ${LAUNCHER.round.size}px; border-radius: 999px; padding: 0; display: grid; place-items: center;
  box-shadow: 0 4px 14px rgba(15, 23, 42, 0.25); transition: width 0.15s, border-radius 0.15s; }
.sp-chat-icon { width: 26px; height: 26px; display: block; }
.sp-layer.sp-launcher--tab { right: 0; }
.sp-launcher--tab .sp-chat-launcher { width: ${LAUNCHER.tab.width}px; height: ${LAUNCHER.tab.height}px; border-radius: 12px 0 0 12px; }
.sp-launcher--tab .sp-chat-icon { width: 16px; height: 16px; }
.sp-launcher--hidden { visibility: hidden; }
@media ${LAUNCHER.narrowQuery} {
  .sp-layer { inset: auto ${LAUNCHER.compact.inset}px ${LAUNCHER.compact.inset}px auto; }
  .sp-chat-launcher { width: ${LAUNCHER.compact.size}px; height: ${LAUNCHER.compact.size}px; }
  .sp-chat-icon { width: 22px; height: 22px; }
}
@media (prefers-reduced-motion: reduce) { .sp-chat-launcher { transition: none; } }
.sp-chat-panel { width: min(384px, calc(100vw - 24px)); height: min(500px, calc(100vh - 40px));
  display: flex; flex-direction: column; padding: 0; overflow: hidden; }
.sp-chat-head { display: flex; justify-content: space-between; align-items: center; padding: 10px 12px; background: var(--sp-primary); color: var(--sp-primary-text); }
.sp-chat-log { flex: 1; overflow-y: auto; padding: 12px; display: grid; gap: 8px; align-content: start; }
.sp-msg { max-width: 85%; padding: 8px 10px; border-radius: 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
.sp-msg--user { justify-self: end; background: var(--sp-primary); color: var(--sp-primary-text); }
.sp-msg--assistant { justify-self: start; background: #f1f5f9; }
.sp-chat-form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid var(--sp-border); }
.sp-msg-actions { margin-top: 8px; white-space: normal; }
.sp-button--small { min-height: 32px; padding: 4px 10px; font-size: 13px; text-decoration: none; display: inline-block; }
.sp-button--ghost.sp-button--small { background: #fff; }
.sp-link { font: inherit; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; text-decoration: underline; }
`;

let sheet: CSSStyleSheet | null = null;

/** The one stylesheet every widget of the page adopts (constructed once). */
export function widgetSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
  }
  return sheet;
}

/** Colours, radius and spacing a partner sets, as the custom properties the stylesheet reads. */
export interface Appearance {
  colorPrimary?: string;
  colorPrimaryText?: string;
  colorText?: string;
  colorMuted?: string;
  colorBorder?: string;
  colorSurface?: string;
  colorDanger?: string;
  radius?: string;
  spacing?: string;
}

const PROPERTIES: Record<keyof Appearance, string> = {
  colorPrimary: '--sp-primary',
  colorPrimaryText: '--sp-primary-text',
  colorText: '--sp-text',
  colorMuted: '--sp-muted',
  colorBorder: '--sp-border',
  colorSurface: '--sp-surface',
  colorDanger: '--sp-danger',
  radius: '--sp-radius',
  spacing: '--sp-space',
};

/** Applies an appearance to a widget's root through the CSSOM (allowed by a strict CSP). */
export function applyAppearance(root: HTMLElement, appearance: Appearance | undefined): void {
  for (const [name, property] of Object.entries(PROPERTIES)) {
    const value = appearance?.[name as keyof Appearance];
    if (typeof value === 'string' && /^[#\w\s.,()%-]{1,60}$/.test(value)) root.style.setProperty(property, value);
    else root.style.removeProperty(property);
  }
}
