// `npx tsx scripts/kind-pages.ts`: writes the console's page-type loader tables
// (components/console/kind-pages/) from the client registry's `KindPages` (lib/client/kinds.ts),
// after a kind is added or its page components change (decision 104).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { kindPageFiles } from './lib/kind-pages';

const root = process.cwd();
for (const [file, content] of kindPageFiles(root)) {
  writeFileSync(path.join(root, file), content);
  console.log(`wrote ${file}`);
}
