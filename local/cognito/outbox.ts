import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail Cognito would have sent, as the local outbox keeps it: one JSON file per mail. */
export interface OutboxMail {
  to: string;
  code: string;
  subject?: string;
  sent_at: string;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

export async function deliverToOutbox(dataDir: string, mail: OutboxMail): Promise<void> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.json`);
  await writeFile(file, `${JSON.stringify(mail, null, 2)}\n`);
  console.log(`\n  ✉  Mail to ${mail.to}: your verification code is ${mail.code}\n`);
}

/** The newest code sent to an address, for tests and tools. */
export async function latestCodeFor(dataDir: string, to: string): Promise<string | undefined> {
  const dir = outboxDir(dataDir);
  const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
  for (const file of files) {
    const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
    if (mail.to.toLowerCase() === to.toLowerCase()) return mail.code;
  }
  return undefined;
}
