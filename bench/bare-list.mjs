// The bare baseline of issue 8 for GET /api/agents: node:http + better-sqlite3 on the same SQLite
// file, no framework, no credential check, no ORM. It answers the same bare array as the API:
// the agents in list order with their tool and knowledge-base ids, written with JSON.stringify.
// Started by bench/api.ts: `node bench/bare-list.mjs <sqlite file> <port> <companyId>`.
import http from 'node:http';
import Database from 'better-sqlite3';

const [file, port, companyId] = process.argv.slice(2);
const db = new Database(file, { readonly: true });
db.pragma('journal_mode = WAL');

const agents = db.prepare('SELECT * FROM "Agent" WHERE "companyId" = ? ORDER BY "createdAt", "id"');
const tools = db.prepare('SELECT t."agentId", t."toolId" FROM "AgentTool" t JOIN "Agent" a ON a."id" = t."agentId" WHERE a."companyId" = ? ORDER BY t."position"');
const bases = db.prepare(
  'SELECT k."agentId", k."knowledgeBaseId" FROM "AgentKnowledgeBase" k JOIN "Agent" a ON a."id" = k."agentId" WHERE a."companyId" = ? ORDER BY k."position"',
);

function group(rows, value) {
  const map = new Map();
  for (const row of rows) {
    const list = map.get(row.agentId);
    if (list) list.push(row[value]);
    else map.set(row.agentId, [row[value]]);
  }
  return map;
}

function list() {
  const toolsOf = group(tools.all(companyId), 'toolId');
  const basesOf = group(bases.all(companyId), 'knowledgeBaseId');
  return agents.all(companyId).map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled === 1,
    model: r.modelId,
    auto: r.auto === 1,
    reasoning: r.reasoning === 1,
    publisher: r.publisher,
    temperature: r.temperature,
    role: r.role,
    objective: r.objective,
    referencies: r.referencies,
    'can.delegate': r.canDelegate === 1,
    can_code: r.canCode === 1,
    multimodal: r.multimodal === 1,
    sectors: JSON.parse(r.sectors),
    tools: toolsOf.get(r.id) ?? [],
    knowledgeBases: basesOf.get(r.id) ?? [],
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

http
  .createServer((req, res) => {
    const body = JSON.stringify(list());
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
