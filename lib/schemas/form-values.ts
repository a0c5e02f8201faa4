// Value lists the console's forms show (a select's options), without zod: a form's page loads zod
// and its schema only at the person's first action (lib/client/lazy-resolver.ts, decision 085),
// so what it renders before then comes from here. The schemas build their enums from these.

/** A squad's `order` (D7). */
export const SQUAD_ORDERS = ['sequential', 'hierarchical'] as const;

/** An MCP tool's transport. */
export const MCP_TRANSPORTS = ['sse', 'streamable-http'] as const;

/** A knowledge base's `type`. */
export const KNOWLEDGE_BASE_TYPES = ['file', 'url', 'text'] as const;
