// The few runtime values of Prisma's namespace the data layer uses (raw SQL tags, DbNull), taken
// from Prisma's runtime rather than from a generated client: importing `Prisma` from
// lib/generated/sqlite would load the whole SQLite client on PostgreSQL too (see ./db.ts).
// Types still come from the generated client with `import type`.
import * as runtime from '@prisma/client/runtime/client';

export const Prisma = {
  sql: runtime.sqltag,
  raw: runtime.raw,
  join: runtime.join,
  empty: runtime.empty,
  DbNull: runtime.DbNull,
};

// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Prisma {
  type Sql = runtime.Sql;
}
