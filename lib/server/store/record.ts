// One record definition per kind (decision 031): the field list, taken from the kind's zod record
// schema (its keys, in order, and each value's type), with the columns that differ named once.
// From it come the SQLite and PostgreSQL statements that write the record as JSON text (./json)
// and the JavaScript mapper used where a Prisma read is unavoidable, so the record's shape is
// written once, and the list, the detail and a mapped row cannot disagree.
import type { ZodObject, ZodType } from 'zod';
import { stringArray } from '../actor';
import type { JsonField } from './json';

type Column = { column?: string; as?: 'text' | 'number' | 'bool' | 'date' | 'strings' };
type Computed = { sqlite: string; postgres: string; js?: (row: Record<string, unknown>) => unknown };
/** How a key differs from the default (its column named like the key, its form read from the schema). */
export type FieldSpec = Column | Computed;

/** The column form a zod value implies: strings (an ISO date-time is a date), numbers, booleans, arrays of strings. */
function formOf(key: string, schema: ZodType): NonNullable<Column['as']> {
  let def = schema.def as { type: string; innerType?: ZodType; format?: string; element?: ZodType };
  while ((def.type === 'nullable' || def.type === 'optional') && def.innerType) def = def.innerType.def as typeof def;
  if (def.type === 'string') return def.format === 'datetime' ? 'date' : 'text';
  if (def.type === 'enum') return 'text';
  if (def.type === 'number') return 'number';
  if (def.type === 'boolean') return 'bool';
  if (def.type === 'array' && (def.element?.def as { type: string }).type === 'string') return 'strings';
  throw new Error(`record field ${key}: no column form for a ${def.type}; name its SQL in the definition`);
}

/** The field list of `schema`'s keys in order; `specs` names what differs. A spec for a key the schema lacks is an error. */
export function recordFields(schema: ZodObject, specs: Readonly<Record<string, FieldSpec>> = {}): JsonField[] {
  const shape = schema.shape as Record<string, ZodType>;
  for (const key of Object.keys(specs)) if (!Object.hasOwn(shape, key)) throw new Error(`record field ${key} is not in the record schema`);
  return Object.entries(shape).map(([key, value]): JsonField => {
    const spec = Object.hasOwn(specs, key) ? specs[key] : {};
    if ('sqlite' in spec) return { key, ...spec };
    return { key, column: spec.column ?? key, as: spec.as ?? formOf(key, value) };
  });
}

/**
 * The JavaScript mapper of a field list: a row (Prisma's, columns by name; a computed field reads
 * the row's value under its key unless it has its own `js`) to the record, keys in order.
 */
export function rowMapper<R>(fields: readonly JsonField[]): (row: Record<string, unknown>) => R {
  return (row) => {
    const record = new Map<string, unknown>(); // keys from the schema, in order
    for (const field of fields) {
      if (!('as' in field)) {
        record.set(field.key, field.js ? field.js(row) : row[field.key]);
        continue;
      }
      const value = row[field.column];
      switch (field.as) {
        case 'date':
          record.set(field.key, (value as Date).toISOString());
          break;
        case 'strings':
          record.set(field.key, stringArray(value));
          break;
        default:
          record.set(field.key, value ?? null);
      }
    }
    return Object.fromEntries(record) as R;
  };
}
