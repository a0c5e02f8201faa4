// The catalogue of pre-available tool types answered by GET /tools/availables (D8). Kept in the
// code base: adding a type is a change here, nothing is stored in the database.

export type ToolTypeCategory = 'runtime' | 'integration';

export type AvailableToolType = {
  key: string;
  name: string;
  description: string;
  category: ToolTypeCategory;
};

export const TOOL_TYPES: readonly AvailableToolType[] = [
  {
    key: 'javascript',
    name: 'JavaScript function',
    description: 'A function written in JavaScript; its source goes in `code` and the function to call in `entryFunctionName`.',
    category: 'runtime',
  },
  {
    key: 'python',
    name: 'Python function',
    description: 'A function written in Python; its source goes in `code` and the function to call in `entryFunctionName`.',
    category: 'runtime',
  },
  {
    key: 'http-request',
    name: 'HTTP request',
    description: 'Calls an HTTP endpoint and hands the response back to the agent.',
    category: 'integration',
  },
  {
    key: 'mcp-sse',
    name: 'MCP server (SSE)',
    description: 'Tools served by a Model Context Protocol server over Server-Sent Events (`mcp.transport: "sse"`).',
    category: 'integration',
  },
  {
    key: 'mcp-streamable-http',
    name: 'MCP server (Streamable HTTP)',
    description: 'Tools served by a Model Context Protocol server over Streamable HTTP (`mcp.transport: "streamable-http"`).',
    category: 'integration',
  },
  {
    key: 'web-search',
    name: 'Web search',
    description: 'Searches the web and returns the most relevant results.',
    category: 'integration',
  },
  {
    key: 'sql-query',
    name: 'SQL query',
    description: 'Runs a read-only SQL query against a configured database.',
    category: 'integration',
  },
];
