// Objects keyed by names that users choose — task ids, bundle refs, query names (decision 022).
// A plain `{}` answers `constructor`, `toString` or `__proto__` from Object.prototype for names
// nobody set, and `obj.__proto__ = …` replaces its prototype. A dict has no prototype: every
// name reads as undefined until it is set, and every name is set as an own property. Use a Map
// where the value is not handed on as JSON or compared as one.

/** A prototype-free object holding `entries` (later ones win). */
export function dict<V>(entries: Iterable<readonly [string, V]> = []): Record<string, V> {
  const object = Object.create(null) as Record<string, V>;
  for (const [key, value] of entries) object[key] = value;
  return object;
}

/** `object[key]` when `key` is the object's own, else undefined: a lookup that never reaches Object.prototype. */
export function own<V>(object: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
