import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

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
  /** Names are never reused: a name forgotten after a failed pipeline may still exist on the server. */
  private named = 0;

  /** Statements that go out with the next one (a transaction's begin and set-up: `deferUntilNextStatement`). */
  private deferred: PipelineStatement[] | null = null;

  /**
   * Sends `statements` together with the next statement this client sends, in one round trip: a
   * transaction's begin and set-up need no answer of their own. A statement that cannot join a pipeline
   * (no parameters: it may hold several commands) goes right after them, still in order.
   */
  deferUntilNextStatement(statements: PipelineStatement[]): void {
    this.deferred = statements;
  }

  /** Whether statements deferred by `deferUntilNextStatement` are still unsent; drops them. */
  dropDeferred(): boolean {
    const had = this.deferred !== null;
    this.deferred = null;
    return had;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; all pass through
  override query(config: any, values?: any, callback?: any): any {
    const deferred = this.deferred;
    if (deferred) {
      this.deferred = null;
      const text: unknown = typeof config === 'string' ? config : config?.text;
      const params: unknown = Array.isArray(values) ? values : config?.values;
      if (
        typeof text === 'string' &&
        Array.isArray(params) &&
        params.length > 0 &&
        !callback &&
        typeof config?.submit !== 'function'
      ) {
        return this.runPipeline([...deferred, { text, values: params }], {
          rowMode: config?.rowMode,
          types: config?.types,
        }).then((results) => results[results.length - 1]!);
      }
      // Queued first, so it runs first; a failure shows in the statement after it (an aborted transaction).
      this.runPipeline(deferred, {}).catch(() => {});
    }
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

  protected nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= MAX_NAMED_STATEMENTS) return known;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce = new Set();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    this.named += 1;
    const name = `im_${this.named}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Runs independent statements in one round trip and answers each one's rows: every statement is
   * parsed (once per connection when named, as above), bound and executed, and one Sync ends them all
   * (the extended protocol's pipelining). When one fails PostgreSQL skips the rest and the call fails
   * as a whole; inside a transaction that aborts the transaction as any failed statement does.
   */
  pipelined(statements: readonly PipelineStatement[]): Promise<pg.QueryResultRow[][]> {
    const deferred = this.deferred;
    this.deferred = null;
    if (!deferred) return this.runPipeline(statements, {}).then((results) => results.map((r) => r.rows));
    return this.runPipeline([...deferred, ...statements], {}).then((results) =>
      results.slice(deferred.length).map((r) => r.rows),
    );
  }

  private runPipeline(
    statements: readonly PipelineStatement[],
    options: { rowMode?: 'array'; types?: unknown },
  ): Promise<pg.QueryResult[]> {
    const connection = (this as unknown as { connection: ProtocolConnection }).connection;
    // Values are mapped before anything is written: a value that cannot be sent fails the call, not the stream.
    const prepared = statements.map((s) => ({
      text: s.text,
      name: this.nameFor(s.text),
      values: s.values.map((v) => prepareValue(v)),
    }));
    const submitted: string[] = [];
    return new Promise((resolve, reject) => {
      const query = new PipelineQuery(
        (connectionOfQuery) => {
          for (const s of prepared) {
            const parsed =
              s.name !== undefined &&
              (connectionOfQuery.parsedStatements[s.name] !== undefined ||
                connectionOfQuery.submittedNamedStatements[s.name] !== undefined);
            if (!parsed) {
              connectionOfQuery.parse({ text: s.text, name: s.name ?? '' });
              if (s.name !== undefined) {
                connectionOfQuery.submittedNamedStatements[s.name] = s.text;
                submitted.push(s.name);
              }
            }
            connectionOfQuery.bind({ portal: '', statement: s.name ?? '', values: s.values });
            connectionOfQuery.describe({ type: 'P', name: '' });
            connectionOfQuery.execute({ portal: '', rows: 0 });
          }
          connectionOfQuery.sync();
        },
        (err, results) => {
          if (err) {
            // Which of this call's new statements PostgreSQL parsed is unknown: forget them all; their texts
            // get new names (never an old one) the next time.
            for (const name of submitted) delete connection.submittedNamedStatements[name];
            for (const [text, name] of this.names) if (submitted.includes(name)) this.names.delete(text);
            reject(err);
            return;
          }
          // Every statement parsed: record them as pg does on ParseComplete, so a later failure of one of
          // them (which makes pg forget a statement it only knows as submitted) cannot make it parse a
          // name the server already has.
          for (const name of submitted) {
            connection.parsedStatements[name] = connection.submittedNamedStatements[name]!;
            delete connection.submittedNamedStatements[name];
          }
          resolve(Array.isArray(results) ? results : [results]);
        },
        options,
      );
      super.query(query as never);
    });
  }
}

export interface PipelineStatement {
  text: string;
  values: unknown[];
}

/** The parts of pg's connection (lib/connection.js) a pipeline writes to. */
interface ProtocolConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name: string }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
}

/**
 * pg's Query with its own protocol messages: pg collects a result per statement (as for a simple query
 * of several statements) and hands them to the callback after the one ReadyForQuery.
 */
const QueryBase = pg.Query as unknown as new (config: {
  text: string;
  callback: (err: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void;
  rowMode?: 'array';
  types?: unknown;
}) => object;
class PipelineQuery extends QueryBase {
  constructor(
    private readonly write: (connection: ProtocolConnection) => void,
    callback: (err: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void,
    /** How rows arrive (every statement's alike): arrays or objects, and the type parsers (drizzle sets both). */
    options: { rowMode?: 'array'; types?: unknown },
  ) {
    super({ text: 'pipeline', callback, ...options });
  }

  requiresPreparation(): boolean {
    return true;
  }

  prepare(connection: ProtocolConnection): void {
    this.write(connection);
  }
}
