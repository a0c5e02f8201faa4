// Knowledge bases, end to end: create (a URL that is not one, a missing file and a file over
// 20 MiB are refused on their fields) a file base whose bytes are uploaded → the detail shows the
// file's name and size; replacing it shows the progress bar reach completion, and Download saves
// the new bytes under their name → appears in the
// list → toggle (the whole record sent back) → edit → delete (refused while an agent uses it).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs, checkListFilters, deleteFromDetail, expectAccessible, snap, switchOffInRow, unique } from './fixtures';

type Kb = { id: string; name: string; enabled: boolean; type: string; content: string; filename: string | null; fileSize: number | null; tags: string[]; sectors: string[]; description: string };

const policy = (text: string, times: number) => Buffer.from(text.repeat(times));

test('knowledge bases: create with a file upload, list, edit, toggle, delete', async ({ page }, testInfo) => {
  const name = unique('Refund policy');
  const first = { name: 'refund-policy.txt', mimeType: 'text/plain', buffer: policy('Refunds within 30 days of purchase.\n', 100) };
  const second = { name: 'refund-policy-2025.txt', mimeType: 'text/plain', buffer: policy('Refunds within 45 days of purchase.\n', 400) };

  // ---- Create: each type's content is checked on its field.
  await page.goto('/knowledge-bases/new');
  await expect(page.getByRole('heading', { name: 'New knowledge base' })).toBeVisible();
  await expectAccessible(page, testInfo, 'knowledge-base-new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('When and how customers get their money back.');
  await page.getByLabel('Sectors').fill('support,');
  await page.getByLabel('Tags').fill('policy,');
  await page.getByRole('radio', { name: /^URL/ }).check();
  await page.getByLabel('URL', { exact: true }).fill('our refund page');
  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  await expect(page.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#content-error')).toHaveText('Must be an http(s) URL for type "url"');
  await snap(page, testInfo, 'knowledge-base-new-validation');

  await page.getByRole('radio', { name: /^File/ }).check();
  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  await expect(page.locator('#file-error')).toHaveText('Choose a file to upload');
  // Over the limit: refused in the browser, before anything is sent.
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
  await expect(page.locator('#file-error')).toContainText('the largest file accepted is 20 MB');
  await page.getByLabel('File', { exact: true }).setInputFiles(first);
  await expect(page.locator('#file-error')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'knowledge-base-new-file');
  await snap(page, testInfo, 'knowledge-base-new');
  await page.getByRole('button', { name: 'Create knowledge base' }).click();

  // ---- Detail: the uploaded file's name and size.
  await expect(page).toHaveURL(/\/knowledge-bases\/(?!new$)[^/]+$/);
  await expect(page.getByText(`Knowledge base “${name}” created`)).toBeVisible();
  const id = page.url().split('/').pop()!;
  const file = page.getByRole('region', { name: 'File' });
  await expect(file).toContainText('refund-policy.txt');
  await expect(file).toContainText('3.5 KB');
  expect(await apiAs<Kb>(page.request, 'GET', `/knowledge-bases/${id}`)).toMatchObject({ type: 'file', filename: 'refund-policy.txt', fileSize: first.buffer.length, tags: ['policy'] });

  // Replacing the file: the progress bar reaches completion, then name and size change.
  await file.getByLabel('Replace the file').setInputFiles(second);
  await file.getByRole('button', { name: 'Upload replacement' }).click();
  const progress = file.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(file).toContainText('Upload complete');
  await expect(file).toContainText('refund-policy-2025.txt');
  await expect(file).toContainText('14 KB');
  await expect(page.getByText('File “refund-policy-2025.txt” uploaded')).toBeVisible();
  // Download (D13): the stored bytes come back under the uploaded name.
  const [download] = await Promise.all([page.waitForEvent('download'), file.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('refund-policy-2025.txt');
  const saved = await download.path();
  expect(readFileSync(saved).equals(second.buffer)).toBe(true);
  await expectAccessible(page, testInfo, 'knowledge-base-detail');
  await snap(page, testInfo, 'knowledge-base-detail');

  // ---- List, filters, inline toggle (the stored record sent back with `enabled` flipped).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge bases' }).click();
  // Lists are sorted by name and paged: other specs' rows may come first, so look it up by name.
  await page.getByLabel('Search knowledge bases').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('refund-policy-2025.txt · 14 KB');
  await checkListFilters(page, row, { search: 'Search knowledge bases', noun: 'knowledge base', name, sector: 'support' });
  await expectAccessible(page, testInfo, 'knowledge-bases-list');
  await snap(page, testInfo, 'knowledge-bases-list');
  await switchOffInRow(page, row, name);
  await expect.poll(async () => (await apiAs<Kb>(page.request, 'GET', `/knowledge-bases/${id}`)).enabled).toBe(false);
  expect(await apiAs<Kb>(page.request, 'GET', `/knowledge-bases/${id}`)).toMatchObject({ type: 'file', filename: 'refund-policy-2025.txt', fileSize: second.buffer.length, tags: ['policy'], sectors: ['support'] });

  // ---- Edit: the stored file stays when no new file is chosen.
  await row.getByRole('link', { name: `Edit knowledge base ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit “${name}”` })).toBeVisible();
  await expect(page.getByText('Stored file:')).toContainText('refund-policy-2025.txt');
  const renamed = `${name} v2`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByLabel('Tags').fill('refunds,');
  await expectAccessible(page, testInfo, 'knowledge-base-edit');
  await snap(page, testInfo, 'knowledge-base-edit');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledge-bases/${id}$`));
  await expect(page.getByText(`Knowledge base “${renamed}” saved`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'File' })).toContainText('refund-policy-2025.txt');
  expect(await apiAs<Kb>(page.request, 'GET', `/knowledge-bases/${id}`)).toMatchObject({ name: renamed, enabled: false, filename: 'refund-policy-2025.txt', fileSize: second.buffer.length, tags: ['policy', 'refunds'] });

  // ---- Delete: refused while an agent uses it, naming the agent; then done.
  const model = await apiAs<{ id: string }>(page.request, 'POST', '/ai-models', {
    model: { name: unique('KB test model'), sectors: [], description: 'For the knowledge-base test', enabled: true, provider: 'meta', model: 'llama-3.1-8b' },
  });
  const agentName = unique('Reader');
  const agent = await apiAs<{ id: string }>(page.request, 'POST', '/agents', {
    name: agentName, enabled: true, model: model.id, auto: false, reasoning: false, publisher: 'e2e', temperature: 0.5,
    role: 'Reads the policy', objective: 'Keep it', referencies: 'None', 'can.delegate': false, can_code: false, multimodal: false,
    sectors: [], tools: [], knowledgeBases: [id],
  });
  await page.getByRole('button', { name: `Delete knowledge base ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete knowledge base “${renamed}”?` });
  // Where used (issue 10): the dialog lists what uses it, as links, and the delete waits until nothing does.
  await expect(dialog.getByRole('list', { name: /^What uses/ }).getByRole('link', { name: agentName })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete knowledge base' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await apiAs(page.request, 'DELETE', `/agents/${agent.id}`);
  await apiAs(page.request, 'DELETE', `/ai-models/${model.id}`);
  await deleteFromDetail(page, { path: '/knowledge-bases', noun: 'knowledge base', name: renamed, id });
});
