// Bundles src/main.jsx with esbuild and serves it on http://localhost:5175 (PORT), against the
// Spotless server at SPOTLESS_URL (default http://localhost:8787, what `npm start` runs).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';

const port = Number(process.env.PORT ?? 5175);
const spotless = (process.env.SPOTLESS_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const result = await build({
  entryPoints: [join(import.meta.dirname, 'src/main.jsx')],
  bundle: true,
  format: 'esm',
  jsx: 'automatic',
  minify: true,
  write: false,
  define: { 'process.env.NODE_ENV': '"production"' },
});
const script = result.outputFiles[0].text;
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Spotless in React</title></head><body><div id="root"></div><script>window.SPOTLESS_URL = ${JSON.stringify(spotless)};</script><script type="module" src="/main.js"></script></body></html>`;
createServer((req, res) => {
  if (req.url === '/main.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}).listen(port, '127.0.0.1', () => console.log(`React example: http://localhost:${port} — widgets from ${spotless}`));
