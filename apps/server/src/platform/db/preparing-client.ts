import pg from 'pg';

/** Named statements one connection keeps at most; beyond it statements are parsed each time, as before. */
export const MAX_NAMED_STATEMENTS = 400;
/** Texts seen once that one connection remembers; a text is named when it comes a second time. */
const MAX_SEEN_ONCE = 4000;

/**
 * A pg client that prepares (names) every parameterised statement it sends a second time, so
 * PostgreSQL parses and plans it once per connection instead of on every request: the ORM's
 * statements are the same text each time, only their parameters differ. A statement sent once
 * (ad-hoc SQL, rare filter combinations) stays unnamed and costs nothing to remember for long;
 * the cap bounds the memory a connection's backend spends on plans. Statements without parameters
 * (`begin`, multi-statement set-up) keep the simple protocol.
 */
export class PreparingClient extends pg.Client {
  private readonly names = new Map<string, string>();
  private seenOnce = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; all pass through
  override query(config: any, values?: any, callback?: any): any {
    const submit = super.query.bind(this) as (...args: unknown[]) => unknown;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = this.nameFor(config);
      if (name) return submit({ text: config, name }, values, callback);
    } else if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const params = Array.isArray(values) ? values : config.values;
      // Submittables (cursors, streams) manage their own protocol.
      if (Array.isArray(params) && params.length > 0 && typeof config.submit !== 'function') {
        const name = this.nameFor(config.text);
        if (name) return submit({ ...config, name }, values, callback);
      }
    }
    return submit(config, values, callback);
  }

  private nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= MAX_NAMED_STATEMENTS) return known;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce = new Set();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `im_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}
