// Copies the SDK bundles (sdk/dist/*.js, and the widget's embed.js once it exists) into the hosted
// app's build at admin/dist/sdk/, so a static host — the Workers assets binding — serves them at
// the same /sdk/… paths as the Node server does (which reads sdk/dist directly). No source maps:
// a static host cannot keep them private (SERVE_SOURCE_MAPS is a Node setting).
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const from = 'sdk/dist';
const to = 'admin/dist/sdk';
if (!existsSync(from) || !existsSync('admin/dist')) {
  console.error('stage-sdk-assets: build the SDK and the hosted app first');
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
const bundles = readdirSync(from).filter((name) => name.endsWith('.js'));
for (const name of bundles) copyFileSync(join(from, name), join(to, name));
if (existsSync(join(from, 'embed.js'))) copyFileSync(join(from, 'embed.js'), 'admin/dist/embed.js');
// The widgets partner pages load (/sdk/embed/…), without their source maps.
if (existsSync(join(from, 'embed'))) {
  cpSync(join(from, 'embed'), join(to, 'embed'), { recursive: true, filter: (name) => !name.endsWith('.map') });
}
console.log(`stage-sdk-assets: ${bundles.length} SDK bundles in ${to}`);
