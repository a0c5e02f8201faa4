// The file store's command line (decision 043).
//   npm run files -- migrate --to s3://bucket/prefix [--keep-local]
// Moves every knowledge-base file from the local disk (FILES_DIR, else DATA_DIR/files) into the
// S3-compatible store (configured like the server: AWS_*, S3_ENDPOINT, S3_FORCE_PATH_STYLE),
// verifying each by reading it back (size and SHA-256); prints a summary. Safe to run again.
// Then start the server with FILE_STORE set to the same address.
import { parseArgs } from 'node:util';
import { filesDir } from '../lib/server/config';
import { describeLocation, openFileStore, parseFileStoreUrl } from '../lib/server/files';
import { localFileStore } from '../lib/server/files/local';
import { migrateFiles } from '../lib/server/files/migrate';

const USAGE = 'usage: npm run files -- migrate --to s3://bucket/prefix [--keep-local] [--quiet]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, 'keep-local': { type: 'boolean' }, quiet: { type: 'boolean' } },
  });
  if (positionals[0] !== 'migrate' || !values.to) {
    console.error(USAGE);
    return 2;
  }
  const location = parseFileStoreUrl(values.to, '--to');
  if (location.kind !== 's3') throw new Error(`--to must be an s3:// address\n${USAGE}`);
  const from = localFileStore(filesDir());
  const to = await openFileStore(location);
  console.log(`files migrate: from ${from.description} to ${describeLocation(location)}`);
  const summary = await migrateFiles(from, to, { keepLocal: values['keep-local'], log: values.quiet ? undefined : (line) => console.log(`  ${line}`) });
  console.log(
    `files migrate: ${summary.checked} file(s) checked, ${summary.copied} copied and verified (${summary.bytes} bytes), ${summary.alreadyThere} already there, ${summary.failed} failed; ${summary.localRemoved} local cop${summary.localRemoved === 1 ? 'y' : 'ies'} removed`,
  );
  for (const failure of summary.failures) console.error(`  failed: ${failure}`);
  return summary.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`files: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
