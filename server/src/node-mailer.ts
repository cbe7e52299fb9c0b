import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer } from './notifications/outbox';

/**
 * The embedded default's e-mail: each message is a text file in `dir` (`data/outbox/`), named by
 * time and id, so a developer opens the verification or reset link from there.
 */
export function fileMailer(dir: string): Mailer {
  let ready: Promise<unknown> | undefined;
  return {
    async send(message) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.id}-${message.type}.txt`;
      const text = [`To: ${message.to}`, `Subject: ${message.subject}`, '', message.body, ''].join('\n');
      await writeFile(join(dir, name), text, { flag: 'wx' });
    },
  };
}
