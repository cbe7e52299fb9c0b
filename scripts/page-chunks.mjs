// Writes admin/dist/page-chunks.json: for each page of the hosted app's route table whose code is
// loaded lazily, the JavaScript and CSS files it needs beyond the first download, e.g.
// { "/cleaner/:id": { "js": ["/assets/cleaner-profile-page-….js", …], "css": ["/assets/….css"] } }.
// The server names them in that page's HTML (`<link rel="modulepreload">`, decision 059), so the
// browser fetches them beside the entry instead of after it has run. Reads the route table's source
// (admin/src/routes.tsx) and Vite's manifest; run after `vite build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';

const ADMIN = join(import.meta.dirname, '..', 'admin');
const manifest = JSON.parse(readFileSync(join(ADMIN, 'dist', '.vite', 'manifest.json'), 'utf8'));
const routes = readFileSync(join(ADMIN, 'src', 'routes.tsx'), 'utf8');

/** A chunk's static imports, all the way down. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
}

const initial = closure('index.html');
const pages = {};
for (const match of routes.matchAll(/path: '([^']+)',\s*page: lazyPage\(\s*\(\) => import\('\.\/([^']+)'\)/g)) {
  const [, path, module] = match;
  const key = Object.keys(manifest).find((name) => name.replace(/\.tsx?$/, '') === normalize(`src/${module}`));
  if (!key) throw new Error(`page-chunks: ${module} (route ${path}) is not in Vite's manifest`);
  const needed = [...closure(key)].filter((name) => !initial.has(name));
  pages[path] = {
    js: needed.map((name) => `/${manifest[name].file}`),
    css: [...new Set(needed.flatMap((name) => manifest[name].css ?? []))].map((file) => `/${file}`),
  };
}
const lazyRoutes = routes.match(/page: lazyPage\(/g)?.length ?? 0;
if (Object.keys(pages).length !== lazyRoutes) {
  throw new Error(`page-chunks: read ${Object.keys(pages).length} of the route table's ${lazyRoutes} lazy pages`);
}
writeFileSync(join(ADMIN, 'dist', 'page-chunks.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`page-chunks: ${Object.keys(pages).length} pages`);
