// The operators' commands (scripts/company.ts, scripts/user.ts): required flags, and one JSON
// object printed per call (an error: its message, with the fields a validation named, exit 1).
import { ApiError } from '../../lib/errors';
import { db } from '../../lib/server/db';

export function required(value: string | undefined, flag: string, usage: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new Error(`missing --${flag}\n${usage}`);
  return trimmed;
}

export function printResult(run: () => Promise<unknown>): void {
  run()
    .then(async (result) => {
      console.log(JSON.stringify(result, null, 2));
      await db().$disconnect();
    })
    .catch((error: unknown) => {
      const fields = error instanceof ApiError && error.errors ? `\n${error.errors.map((e) => `  --${e.path}: ${e.message}`).join('\n')}` : '';
      console.error((error instanceof Error ? error.message : String(error)) + fields);
      process.exit(1);
    });
}
