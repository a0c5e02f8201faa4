// Where a run writes: E2E_OUTPUT_DIR (default test-results) holds the report's artifacts, the
// screenshots of each main page, and the signed-in administrator's browser state.
import path from 'node:path';

export const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR || 'test-results';
export const SCREENSHOTS_DIR = path.join(OUTPUT_DIR, 'screenshots');
export const STORAGE_STATE = path.join(OUTPUT_DIR, '.auth', 'admin.json');
