// `npm start -w examples/partner-site`: serves index.html on http://localhost:4173 (PORT to change
// it) with a strict Content-Security-Policy — the only allowance is a nonce on the Spotless tag —
// against the Spotless server at SPOTLESS_URL (default http://localhost:8787, what `npm start` runs).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const port = Number(process.env.PORT ?? 4173);
const spotless = (process.env.SPOTLESS_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const template = readFileSync(join(import.meta.dirname, 'index.html'), 'utf8');

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/' && path !== '/index.html') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const nonce = randomBytes(16).toString('base64');
  const html = template.replaceAll('http://localhost:8787', spotless).replaceAll('NONCE', nonce);
  res
    .writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': [
        "default-src 'none'",
        `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        `style-src 'nonce-${nonce}'`,
        `connect-src ${spotless}`,
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    .end(html);
});
// A busy port is one sentence, not a stack trace.
server.on('error', (error) => {
  if (error.code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is in use. Start the example on another one: PORT=4174 npm start -w examples/partner-site`,
    );
    process.exit(1);
  }
  throw error;
});
server.listen(port, '127.0.0.1', () => {
  console.log(`Sunrise Realty (example partner site): http://localhost:${port} — widgets from ${spotless}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
