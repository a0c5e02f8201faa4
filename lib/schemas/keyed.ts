// Objects whose keys the caller chooses (decision 022): a bundle's `apikeys` (keyed by model
// refs) and any JSON object like it. They are read into a Map, never into a plain object: zod's
// z.record builds a plain object and drops a "__proto__" key without a word, and a lookup on a
// plain object finds Object.prototype's members (`constructor`, `toString`…) under names nobody
// sent. This is the one module allowed to call z.record (eslint.config.mjs), for the OpenAPI
// document and the answers' check only: a z.record made here never parses a request.
import { z } from 'zod';

/** The JSON object a keyed map is sent as: what the OpenAPI document shows for it (lib/api/openapi/components.ts). */
const documented = new WeakMap<z.ZodType, z.ZodType>();

const isJsonObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON object keyed by the caller, read as a Map of every own key as sent (`__proto__`
 * included), each key and value checked by its schema; an error names `<field>.<key>`.
 */
export function keyedMap<K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) {
  const map = z.preprocess(
    (input) => (isJsonObject(input) ? new Map(Object.entries(input)) : input),
    z.map(key, value, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') }),
  );
  documented.set(map, z.record(key, value));
  return map;
}

/** The z.record that documents a keyedMap schema, or undefined for any other schema. */
export const keyedMapDocument = (schema: z.ZodType): z.ZodType | undefined => documented.get(schema);

/**
 * An answer's object keyed by names users chose (task ids, resource ids), as the OpenAPI document
 * and the API tests' response check read it. Never parse a request with it: use keyedMap.
 */
export const answerRecord = <K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) => z.record(key, value);
