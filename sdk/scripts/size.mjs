// `npm run size -w sdk`: what each entry point costs a browser that imports it — the entry and
// everything it pulls in, minified and gzipped — so a change that bloats a bundle shows in the
// build output. Fails when an entry is over its budget (decision 032).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const sdk = new URL('..', import.meta.url).pathname;
/** Budgets in gzip bytes. zod is counted where it is imported (schemas), never elsewhere. */
const ENTRIES = [
  {
    name: 'rules',
    entry: 'src/rules/index.ts',
    what: 'money, pricing, the money split, times, messages, statuses, pages, partner origins, search filters, booking offer, booking times',
    // 4,000 until partners' origin rules joined (decision 048), 4,600 until the search filters did (032),
    // 5,200 until what a cleaner offers, a duration's fit and the service area (071), the booking
    // time labels (032) and the statuses in words did; 6,400 until the weekly hours' one rule, the
    // refund's words (075), the sign-in landing and the calendar's day label (076) joined; an app
    // bundles only what it imports. 6,800 until the money split (078) joined: the cleaner's and the
    // partner's screens show a job's shares by the same rule the server pays by.
    budget: 7_200,
  },
  { name: 'client', entry: 'src/client/index.ts', what: 'typed client', budget: 3_000 },
  // 7,200 until the booking offer's rules, the booking time labels and the statuses in words joined the rules (071, 032).
  // 8,900 until the money split joined the rules (078).
  { name: 'index', entry: 'src/index.ts', what: 'client + rules', budget: 9_300 },
  { name: 'forms', entry: 'src/forms/index.ts', what: 'actions to forms (no framework, no zod)', budget: 2_000 },
  // 3,000 until each message carried the browser's time zone (047); 3,300 until a reply's links
  // (its text's hosted pages, with the pages' table, and its buttons) were read here once for the
  // hosted bubble and the partner's widget, which each carried their own copy before.
  {
    name: 'chat',
    entry: 'src/chat/index.ts',
    what: 'the chat bubble’s state, transport and reply links',
    budget: 4_000,
  },
  // Its own entry (decision 079): a partner's server verifying deliveries needs nothing else of the
  // SDK, and the rules' budget had no room for it.
  {
    name: 'webhooks',
    entry: 'src/webhooks/index.ts',
    what: 'webhook event types, signing and verifying (Web Crypto)',
    budget: 1_000,
  },
  { name: 'help', entry: 'src/help/index.ts', what: 'help centre content and policy facts', budget: 5_000 },
  { name: 'cities', entry: 'src/cities.ts', what: 'the city table (loaded only where needed)', budget: 4_000 },
  // 112,000 → 116,000: money reaching cleaners and partners (decision 080) adds payout accounts,
  // transfers, damage reports, the ledger report, webhook endpoints and the partner portal's resources.
  // 116,000 → 119,000: recurring cleanings (decision 088) add the series, its visits and conflicts.
  { name: 'schemas', entry: 'src/schemas/index.ts', what: 'zod contract, zod included', budget: 119_000 },
];

let over = 0;
const results = {};
console.log('SDK entries — minified + gzip, with everything they import:');
for (const { name, entry, what, budget } of ENTRIES) {
  const out = await build({
    entryPoints: [`${sdk}${entry}`],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  });
  const bytes = gzipSync(out.outputFiles[0].contents).length;
  results[name] = bytes;
  const flag = bytes > budget ? `  OVER BUDGET (${budget} B)` : '';
  if (flag) over++;
  console.log(`  ${name.padEnd(8)} ${String(bytes).padStart(7)} B  ${what}${flag}`);
}
if (over > 0) process.exit(1);
