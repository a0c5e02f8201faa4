// Reads of one kind asked for during one turn of the event loop, answered by one statement
// (decision 026): on PostgreSQL every statement is a round trip over a socket, whose system calls
// cost more of a request's CPU than the read itself; under concurrent load the requests that
// arrive together share one. A read waits at most for the rest of the current turn (it is sent
// from `setImmediate`, after the I/O callbacks of that turn), so a lone request pays nothing
// measurable. Each key is answered by its own row or by undefined, never by another key's row.

type Waiting<K, R> = { key: K; resolve: (row: R | undefined) => void; reject: (error: unknown) => void };

export class ReadBatch<K, R> {
  private waiting: Waiting<K, R>[] = [];
  private scheduled = false;

  /**
   * `load` reads the rows of many keys in one statement; `keyOf` and `rowKeyOf` give the text
   * that pairs a key with its row (every part the statement filtered on, the tenant included).
   */
  constructor(
    private readonly load: (keys: K[]) => Promise<R[]>,
    private readonly keyOf: (key: K) => string,
    private readonly rowKeyOf: (row: R) => string,
    private readonly max = 100,
  ) {}

  get(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const waiting = this.waiting;
    this.waiting = [];
    for (let i = 0; i < waiting.length; i += this.max) void this.run(waiting.slice(i, i + this.max));
  }

  private async run(batch: Waiting<K, R>[]): Promise<void> {
    try {
      const rows = await this.load(batch.map((w) => w.key));
      const byKey = new Map(rows.map((row) => [this.rowKeyOf(row), row]));
      for (const w of batch) w.resolve(byKey.get(this.keyOf(w.key)));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
