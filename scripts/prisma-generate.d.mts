// Types for scripts/prisma-generate.mjs.

/** The PostgreSQL schema text derived from prisma/schema.prisma's text (provider, output and header differ). */
export function derivePostgresSchema(text: string): string;
