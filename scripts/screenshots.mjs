// Screenshots of hosted-app pages at desktop and phone widths, for looking at a screen before
// calling it done: `node scripts/screenshots.mjs BASE_URL OUT_DIR path[@email] ...`.
// A path may end in `@email` to sign in first with that demo account (password demo-password).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [base, out, ...paths] = process.argv.slice(2);
if (!base || !out || paths.length === 0) {
  console.error('usage: node scripts/screenshots.mjs BASE_URL OUT_DIR path[@email] ...');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
for (const [name, width, height] of [
  ['desktop', 1280, 900],
  ['phone', 390, 844],
]) {
  for (const spec of paths) {
    const [path, email] = spec.split('@@');
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    if (email) {
      const res = await page.request.post(`${base}/api/auth/login`, {
        data: { email, password: 'demo-password' },
        headers: { origin: base },
      });
      if (!res.ok()) console.error(`sign-in as ${email} failed: ${res.status()}`);
    }
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const file = join(out, `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await context.close();
  }
}
await browser.close();
