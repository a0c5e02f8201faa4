// Records' JSON texts kept in memory while the database they were read from has not changed
// (decision 027). On SQLite a read by primary key, short as SQLite's own work is,
// cost about 60 µs of the server's time under load (the read transaction, cold CPU caches
// between requests), a tenth of the framework's floor route.
//
// The cache is never consulted on its own word: every lookup passes the database's version, a
// value that changes when anything may have changed (SqliteDirect.version(): this connection's
// count of changed rows, seen at once, and the data version other connections' commits move,
// read at most every OTHER_WRITERS_SEEN_WITHIN_MS). A version unlike the last one empties the
// cache before anything is answered: a record is answered from memory only if the server wrote
// nothing since it was read, and no other process committed more than that bound ago.
// Keys name the company (a record read for one company is never answered to another), and a
// missing record is not remembered.

/** Total characters kept (a few MB); past it the oldest records are dropped first. */
export const RECORD_CACHE_CHARS = 4_000_000;

export class RecordCache {
  private readonly records = new Map<string, string>();
  private version: unknown = undefined;
  private chars = 0;

  constructor(private readonly maxChars = RECORD_CACHE_CHARS) {}

  /**
   * The record of `key` at database `version`: remembered if read at that same version, else
   * `read()` (undefined: no such record, not remembered).
   */
  get(version: unknown, key: string, read: () => string | undefined): string | undefined {
    if (version !== this.version) {
      this.records.clear();
      this.chars = 0;
      this.version = version;
    }
    const kept = this.records.get(key);
    if (kept !== undefined) return kept;
    const record = read();
    if (record !== undefined && record.length <= this.maxChars) {
      this.records.set(key, record);
      this.chars += record.length;
      for (const [oldest, text] of this.records) {
        if (this.chars <= this.maxChars) break;
        this.records.delete(oldest);
        this.chars -= text.length;
      }
    }
    return record;
  }

  /** How many records are kept (for tests). */
  get size(): number {
    return this.records.size;
  }
}
