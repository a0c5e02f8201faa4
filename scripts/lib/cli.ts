// The operators' commands (scripts/company.ts, scripts/user.ts): required flags, and one JSON
// object printed per call (an error: its message, with the fields a validation named, exit 1).
// On PostgreSQL a revocation made here (key:revoke) is announced to the running servers, as theirs
// are to each other (decision 044), and the command waits for the announcement before it ends.
import { ApiError } from '../../lib/errors';
import { announceForgottenTokens } from '../../lib/server/auth/token-broadcast';
import { setTokenAnnouncer } from '../../lib/server/auth/token-cache';
import { isPostgresUrl } from '../../lib/server/config';
import { db } from '../../lib/server/db';

const announcing: Promise<void>[] = [];
if (isPostgresUrl()) setTokenAnnouncer((match) => announcing.push(announceForgottenTokens(match)));

export function required(value: string | undefined, flag: string, usage: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new Error(`missing --${flag}\n${usage}`);
  return trimmed;
}

export function printResult(run: () => Promise<unknown>): void {
  run()
    .then(async (result) => {
      console.log(JSON.stringify(result, null, 2));
      await Promise.all(announcing);
      await db().$disconnect();
    })
    .catch((error: unknown) => {
      const fields = error instanceof ApiError && error.errors ? `\n${error.errors.map((e) => `  --${e.path}: ${e.message}`).join('\n')}` : '';
      console.error((error instanceof Error ? error.message : String(error)) + fields);
      process.exit(1);
    });
}
