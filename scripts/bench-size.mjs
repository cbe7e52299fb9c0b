// `npm run bench:size` (decision 050): what a partner page and the hosted app make a browser download —
// gzip and brotli bytes of the loader (embed.js), of each widget chunk, of the search widget with
// everything it needs to show results, and of the hosted app's initial JavaScript for the listing
// page (/cleaners: the entry, its preloads and their static imports). Prints a table, writes JSON to
// server/bench/results/size.json, and fails past the budgets: loader ≤ 1.5 KB gzip, search widget
// ≤ 25 KB gzip, payments and chat in chunks of their own, the hosted listing's initial JavaScript
// ≤ 100 KB gzip (decision 058). Run after `npm run build`.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = join(import.meta.dirname, '..');
const EMBED = join(ROOT, 'sdk/dist/embed');
const ADMIN = join(ROOT, 'admin/dist');
for (const needed of [join(ROOT, 'sdk/dist/embed.js'), join(EMBED, 'widgets.js'), join(ADMIN, 'index.html')]) {
  if (!existsSync(needed)) {
    console.error(`bench:size: ${needed} is missing — run \`npm run build\` first`);
    process.exit(1);
  }
}

const sizes = (file) => {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const sum = (files) =>
  files.map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

/** A module and every module it imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function closure(dir, entry) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = readFileSync(join(dir, name), 'utf8');
    for (const match of text.matchAll(/(?:^|[;}\s])import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      visit(match[1]);
    }
  };
  visit(entry);
  return [...seen];
}

const chunks = readdirSync(EMBED).filter((name) => name.endsWith('.js'));
const chatChunk = chunks.find((name) => name.startsWith('chat-'));
const paymentChunk = chunks.find((name) => name.startsWith('payment-'));
const searchFiles = closure(EMBED, 'widgets.js');

const html = readFileSync(join(ADMIN, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const adminFiles = [...new Set(initial.flatMap((name) => closure(join(ADMIN, 'assets'), name)))];

const report = {
  loader: sizes(join(ROOT, 'sdk/dist/embed.js')),
  searchWidget: { ...sum(searchFiles.map((name) => join(EMBED, name))), files: searchFiles },
  chunks: Object.fromEntries(chunks.map((name) => [name, sizes(join(EMBED, name))])),
  chatSeparate: chatChunk !== undefined && !searchFiles.includes(chatChunk),
  paymentSeparate: paymentChunk !== undefined && !searchFiles.includes(paymentChunk),
  hostedListingInitial: { ...sum(adminFiles.map((name) => join(ADMIN, 'assets', name))), files: adminFiles },
  budgets: { loaderGzip: 1536, searchWidgetGzip: 25 * 1024, hostedListingInitialGzip: 100 * 1024 },
  measuredAt: new Date().toISOString(),
};
report.goals = {
  'loader ≤ 1.5 KB gzip': report.loader.gzip <= report.budgets.loaderGzip,
  'search widget with all it needs ≤ 25 KB gzip': report.searchWidget.gzip <= report.budgets.searchWidgetGzip,
  'hosted app, /cleaners initial JS ≤ 100 KB gzip':
    report.hostedListingInitial.gzip <= report.budgets.hostedListingInitialGzip,
  'chat and payment in chunks of their own': report.chatSeparate && report.paymentSeparate,
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [
  ['loader (embed.js)', report.loader],
  ['search widget, all it needs', report.searchWidget],
  ...chunks.map((name) => [`  chunk ${basename(name)}`, report.chunks[name]]),
  ['hosted app, /cleaners initial JS', report.hostedListingInitial],
];
console.log('what                                  gzip      brotli    raw');
for (const [label, s] of rows) {
  console.log(`${label.padEnd(36)}  ${kb(s.gzip).padStart(8)}  ${kb(s.brotli).padStart(8)}  ${kb(s.raw).padStart(9)}`);
}
console.log(`chat in its own chunk: ${report.chatSeparate}; payment in its own chunk: ${report.paymentSeparate}`);

// BENCH_RESULTS_DIR: where the JSON goes (a test writes to a folder of its own).
const out = process.env.BENCH_RESULTS_DIR ?? join(ROOT, 'server/bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'size.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${join(out, 'size.json')}`);

const problems = [];
if (report.loader.gzip > report.budgets.loaderGzip) problems.push(`loader ${report.loader.gzip} B gzip > 1.5 KB`);
if (report.searchWidget.gzip > report.budgets.searchWidgetGzip)
  problems.push(`search widget ${report.searchWidget.gzip} B gzip > 25 KB`);
if (report.hostedListingInitial.gzip > report.budgets.hostedListingInitialGzip)
  problems.push(`hosted app's initial JS ${report.hostedListingInitial.gzip} B gzip > 100 KB`);
if (!report.chatSeparate) problems.push('the chat is not a chunk of its own');
if (!report.paymentSeparate) problems.push('the payment is not a chunk of its own');
if (problems.length > 0) {
  console.error(`OVER BUDGET: ${problems.join('; ')}`);
  process.exit(1);
}
