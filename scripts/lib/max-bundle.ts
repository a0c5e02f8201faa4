// A bundle at the import's caps (MAX_BUNDLE_ITEMS of each kind, one squad task per agent): the
// heaviest write one request can ask for. Shared by the API test that proves such an import lets
// other requests through (tests/api/heavy-work.test.ts) and by `npm run bench:mixed`.
import { MAX_BUNDLE_ITEMS } from '../../lib/schemas/bundle';

/** An agent's plain fields (no name, model, links or sectors), as the tests and benches send them. */
export const SAMPLE_AGENT = {
  enabled: true,
  auto: false,
  reasoning: true,
  publisher: 'qa',
  temperature: 0.3,
  role: 'Support agent',
  objective: 'Answer customers',
  referencies: 'Internal handbook',
  'can.delegate': false,
  can_code: false,
  multimodal: false,
} as const;

/** The import body (applied, not a preview): `{ bundle, dryRun: false }` with `count` resources of each kind, names made unique by `tag`. */
export function maximalBundleImport(tag: string, count = MAX_BUNDLE_ITEMS): { bundle: Record<string, unknown>; dryRun: false } {
  const refs = Array.from({ length: count }, (_, i) => i);
  const box = (i: number) => ({ x: (i % 20) * 260, y: Math.floor(i / 20) * 120, width: 220, height: 90 });
  return {
    dryRun: false,
    bundle: {
      format: 'aoc-bundle',
      version: 1,
      squad: {
        name: `Heavy squad ${tag}`,
        order: 'sequential',
        enabled: true,
        do_plan: false,
        sectors: ['heavy'],
        publisher: 'bench',
        planningAgent: null,
        supervisor: null,
        tasks: refs.map((i) => ({ id: `t${i}`, agent: `agent-${i}`, name: `Task ${i}`, objective: 'Do it', dependsOn: i ? [`t${i - 1}`] : [], coordinates: box(i) })),
      },
      agents: refs.map((i) => ({
        ...SAMPLE_AGENT,
        ref: `agent-${i}`,
        name: `Heavy agent ${tag} ${i}`,
        model: `model-${i}`,
        sectors: ['heavy'],
        tools: [`tool-${i}`],
        knowledgeBases: [`kb-${i}`],
      })),
      tools: refs.map((i) => ({ ref: `tool-${i}`, name: `Heavy tool ${tag} ${i}`, description: 'bench', sectors: ['heavy'], publisher: 'bench', enabled: true, environments: ['prod'] })),
      knowledgeBases: refs.map((i) => ({
        ref: `kb-${i}`,
        name: `Heavy base ${tag} ${i}`,
        description: 'bench',
        enabled: true,
        sectors: ['heavy'],
        type: 'text',
        content: `Text ${i}`,
        multimodal: false,
        tags: ['heavy'],
      })),
      // Mistral takes no provider key: none to give at import.
      aiModels: refs.map((i) => ({ ref: `model-${i}`, name: `Heavy model ${tag} ${i}`, sectors: ['heavy'], description: 'bench', enabled: true, provider: 'mistral', model: 'mistral-small' })),
    },
  };
}
