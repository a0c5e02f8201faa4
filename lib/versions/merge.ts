// "Review and merge" after a refused save (decision 052): a three-way merge of form values, field
// by field. `base` is what the form loaded, `theirs` what is saved now, `mine` what the person
// sent. A field the other save did not change keeps the person's value; a field it changed takes
// its value, and when the person had changed that field too (to something else) it is listed in
// `overridden`, so that the form can say which of their edits it replaced.
import { sameValue } from './diff';

export type Merge<V> = { values: V; overridden: string[] };

export function mergeValues<V extends Record<string, unknown>>(base: V, theirs: V, mine: V): Merge<V> {
  const values = { ...theirs };
  const overridden: string[] = [];
  for (const key of Object.keys(mine) as (keyof V & string)[]) {
    if (sameValue(base[key], theirs[key])) values[key] = mine[key];
    else if (!sameValue(base[key], mine[key]) && !sameValue(mine[key], theirs[key])) overridden.push(key);
  }
  return { values, overridden };
}
