// The flags Chromium runs with, in the browser tests (playwright.config.ts) and the browser
// benchmarks (bench/designer-fixture.ts): no sandbox (containers), no GPU, and none of the
// background traffic (updates, sync) that would add requests and CPU to what is measured.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
