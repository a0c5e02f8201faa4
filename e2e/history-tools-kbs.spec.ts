// History covers all five kinds (issue 23, decision 057): tool and knowledge-base changes made
// through the API show on their own History sections — who, what, the version it made, the
// current name as a link (a deleted one by its id, marked) — with the same filters as the others.
import { expect, test } from '@playwright/test';
import { ADMIN, apiAs, unique } from './fixtures';

test('history: tool and knowledge-base changes appear on their timelines, with filters', async ({ page }) => {
  const toolName = unique('History tool');
  const toolBody = { name: toolName, description: 'v1', sectors: [], publisher: 'e2e', enabled: true, environments: [], mcp: { url: 'https://mcp.example.com/sse', transport: 'sse' } };
  const tool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', { tool: toolBody });
  await apiAs(page.request, 'PUT', `/tools/${tool.id}`, { description: 'v2' });
  await apiAs(page.request, 'PUT', `/tools/${tool.id}`, { enabled: false });
  const goneTool = await apiAs<{ id: string }>(page.request, 'POST', '/tools', { tool: { ...toolBody, name: unique('Short-lived tool') } });
  await apiAs(page.request, 'DELETE', `/tools/${goneTool.id}`);

  const kbName = unique('History base');
  const kbBody = { name: kbName, description: 'v1', enabled: true, sectors: [], content: 'Text', type: 'text', multimodal: false, tags: [] };
  const kb = await apiAs<{ id: string }>(page.request, 'POST', '/knowledge-bases', { knowledgeBase: kbBody });
  await apiAs(page.request, 'PUT', `/knowledge-bases/${kb.id}`, { knowledgeBase: { ...kbBody, description: 'v2' } });

  // ---- Tools: a tab of its own; newest first; who, what, which version, the tool by name.
  await page.goto('/history/agents');
  await page.getByRole('navigation', { name: 'History sections' }).getByRole('link', { name: 'Tools' }).click();
  await expect(page).toHaveURL(/\/history\/tools$/);
  await expect(page.getByRole('link', { name: 'Tools', exact: true }).last()).toHaveAttribute('aria-current', 'page');
  const tools = page.getByRole('list', { name: 'Tool history' });
  const toolEntries = tools.getByTestId('history-entry').filter({ has: page.getByRole('link', { name: toolName }) });
  await expect(toolEntries).toHaveCount(3);
  await expect(toolEntries.nth(0)).toContainText('disabled tool');
  await expect(toolEntries.nth(0)).toContainText('v3');
  await expect(toolEntries.nth(1)).toContainText('updated tool');
  await expect(toolEntries.nth(2)).toContainText('created tool');
  await expect(toolEntries.nth(2)).toContainText(ADMIN.name);
  await expect(toolEntries.nth(0).getByRole('link', { name: toolName })).toHaveAttribute('href', `/tools/${tool.id}`);
  // The deleted tool: by its id, marked deleted.
  const goneEntries = tools.getByTestId('history-entry').filter({ hasText: goneTool.id });
  await expect(goneEntries.first()).toContainText('deleted');
  await expect(goneEntries).toHaveCount(2);

  // The filters narrow it, and live in the URL.
  await page.getByLabel('Tool', { exact: true }).selectOption(tool.id);
  await expect(page).toHaveURL(new RegExp(`toolId=${tool.id}`));
  await expect(tools.getByTestId('history-entry')).toHaveCount(3);
  await page.getByLabel('Action contains').fill('updated');
  await expect(tools.getByTestId('history-entry')).toHaveCount(1);

  // ---- Knowledge bases.
  await page.getByRole('navigation', { name: 'History sections' }).getByRole('link', { name: 'Knowledge bases' }).click();
  await expect(page).toHaveURL(/\/history\/knowledge-bases$/);
  const kbs = page.getByRole('list', { name: 'Knowledge base history' });
  const kbEntries = kbs.getByTestId('history-entry').filter({ has: page.getByRole('link', { name: kbName }) });
  await expect(kbEntries).toHaveCount(2);
  await expect(kbEntries.nth(0)).toContainText('updated knowledge base');
  await expect(kbEntries.nth(1)).toContainText('created knowledge base');
  await expect(kbEntries.nth(0).getByRole('link', { name: kbName })).toHaveAttribute('href', `/knowledge-bases/${kb.id}`);
});
