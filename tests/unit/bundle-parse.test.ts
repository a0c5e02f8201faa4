// The import route checks a bundle in steps (lib/schemas/bundle.ts `parseBundleImportBody`,
// decision 095) so that a bundle at its caps does not hold the event loop: it must answer exactly
// what the one-go schema (`bundleImportBody`, also the OpenAPI document's and the console's) does,
// for good bodies and bad ones.
import { describe, expect, it } from 'vitest';
import { bundleImportBody, parseBundleImportBody, type BodyIssue } from '@/lib/schemas/bundle';
import { maximalBundleImport } from '@/scripts/lib/max-bundle';

const paths = (issues: readonly BodyIssue[]) => issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

async function both(body: unknown) {
  let paced = 0;
  const stepwise = await parseBundleImportBody(body, () => {
    paced++;
    return undefined;
  });
  return { oneGo: bundleImportBody.safeParse(body), stepwise, paced };
}

type Json = Record<string, unknown> & { bundle: Record<string, unknown> & { agents: Json[]; tools: Json[]; knowledgeBases: Json[]; aiModels: Json[]; squad: Json & { tasks: Json[] } } };

describe('parseBundleImportBody', () => {
  it('answers what bundleImportBody answers for a bundle at its caps, pacing after each resource', async () => {
    const body = { ...maximalBundleImport('parse', 500), apikeys: { 'model-1': 'sk-parse-test-key-0000' } };
    const { oneGo, stepwise, paced } = await both(body);
    expect(oneGo.success).toBe(true);
    expect(stepwise).toEqual({ success: true, data: oneGo.data });
    expect(paced).toBe(2000);
  });

  it('reports the same issues, in the same order, for bad bodies', async () => {
    const good = (): Json => JSON.parse(JSON.stringify(maximalBundleImport('bad', 3))) as Json;
    const cases: [string, (body: Json) => unknown][] = [
      ['no bundle', (b) => ({ ...b, bundle: undefined })],
      ['bundle not an object', (b) => ({ ...b, bundle: [1] })],
      ['format and version', (b) => ({ ...b, bundle: { ...b.bundle, format: 'zip', version: 2 } })],
      ['agent model ref missing', (b) => (b.bundle.agents[1].model = 'model-9', b)],
      ['temperature and a tool code rule', (b) => ((b.bundle.agents[0].temperature = 3), (b.bundle.tools[1].entryFunctionName = 'nope'), b)],
      ['a code rule and a missing ref together', (b) => ((b.bundle.tools[1].entryFunctionName = 'nope'), (b.bundle.agents[1].model = 'model-9'), b)],
      ['a file base without filename', (b) => ((b.bundle.knowledgeBases[0].type = 'file'), b)],
      ['a provider key in the bundle', (b) => ((b.bundle.aiModels[0].apikey = 'sk-in-the-bundle'), b)],
      ['a duplicate ref', (b) => (b.bundle.tools.push(b.bundle.tools[0]), b)],
      ['a task naming no agent', (b) => ((b.bundle.squad.tasks[0].agent = 'agent-77'), b)],
      ['a list that is not a list', (b) => ({ ...b, bundle: { ...b.bundle, tools: 'none' } })],
      ['a list over the cap', (b) => ({ ...b, bundle: { ...b.bundle, tools: Array.from({ length: 501 }, (_, i) => ({ ...b.bundle.tools[0], ref: `t${i}` })) } })],
      ['bad dryRun and apikeys with a bad item', (b) => ({ ...b, dryRun: 'perhaps', apikeys: 'none', bundle: { ...b.bundle, agents: [{ ...b.bundle.agents[0], name: '' }] } })],
    ];
    for (const [name, change] of cases) {
      const body = change(good());
      const { oneGo, stepwise } = await both(body);
      expect(oneGo.success, name).toBe(false);
      expect(stepwise.success, name).toBe(false);
      if (oneGo.success || stepwise.success) continue;
      expect(paths(stepwise.issues), name).toEqual(paths(oneGo.error.issues));
    }
  });
});
