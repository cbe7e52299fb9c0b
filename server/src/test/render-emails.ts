/**
 * Writes every e-mail template, as the gallery renders it, to `e2e/artifacts/emails/<name>.txt`,
 * to be read as its recipient would (decision 072):
 * `npx tsx --conditions=@spotless/source server/src/test/render-emails.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emailGallery } from './email-gallery';

const out = join(import.meta.dirname, '..', '..', '..', 'e2e', 'artifacts', 'emails');
mkdirSync(out, { recursive: true });
const gallery = emailGallery('http://127.0.0.1:8787');
for (const [name, email] of Object.entries(gallery)) {
  writeFileSync(join(out, `${name}.txt`), `Subject: ${email.subject}\n\n${email.body}\n`);
}
process.stdout.write(`${Object.keys(gallery).length} e-mails written to ${out}\n`);
