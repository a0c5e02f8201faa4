// Removes the run's temporary data folder (set E2E_KEEP_DATA=1 to keep it for a look).
import { rmSync } from 'node:fs';

export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_KEEP_DATA !== '1') rmSync(dir, { recursive: true, force: true });
}
