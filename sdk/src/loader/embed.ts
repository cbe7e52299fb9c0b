import { installLoader } from './index';

/** `embed.js`: the loader, configured by its own script tag (`data-key`, and the origin it came from). */
const script = document.currentScript as HTMLScriptElement | null;
installLoader({ key: script?.dataset.key ?? '', baseUrl: new URL(script?.src ?? location.href).origin });
