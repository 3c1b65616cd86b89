import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

/** Named statements one connection keeps at most; beyond it statements are parsed each time, as before. */
export const MAX_NAMED_STATEMENTS = 400;
/** Texts seen once that one connection remembers; a text is named when it comes a second time. */
const MAX_SEEN_ONCE = 4000;
/**
 * A statement whose text starts with this is never named: PostgreSQL plans it for its values every time.
 * For statements whose best plan depends on how many rows their values match (a page of flows filtered by
 * a tag, a handler and a lead source: one value matches 1 % of a company's flows, another half of them),
 * where a generic plan, chosen after five runs, can be many times slower than the planning it saves.
 */
export const PLAN_PER_VALUES = '/* planned for its values */ ';

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
  /**
   * What each named statement answers (its row description, and the default type parsers of its columns),
   * learnt from its first pipelined run: later runs of it in a pipeline skip the Describe message, and its
   * results reuse the parsers instead of building them per execution.
   */
  private readonly shapes = new Map<string, Shape>();

  /**
   * Statements that go out with the next one this client sends (`deferUntilNextStatement`, `defer`); the
   * first `opening` of them are a transaction's begin and set-up, nothing of which reached the server yet.
   */
  private deferred: DeferredStatement[] = [];
  private opening = 0;
  /** Set by `commitWith` once the transaction committed: until `endCommitted`, no statement may run. */
  private committed = false;

  /**
   * Sends `statements` together with the next statement this client sends, in one round trip: a
   * transaction's begin and set-up need no answer of their own. A statement that cannot join a pipeline
   * (no parameters: it may hold several commands) goes right after them, still in order.
   */
  deferUntilNextStatement(statements: PipelineStatement[]): void {
    this.deferred = [...statements];
    this.opening = statements.length;
  }

  /**
   * Sends a write whose answer nothing waits for (a log item, an update whose rows are not read back) with
   * the next statement, in the same order: whatever runs after it sees it. Its rows reach `onRows` once
   * it ran; when it fails, the next statement's call fails with its error (and, inside a transaction, the
   * transaction is aborted as by any failed statement).
   */
  defer(statement: DeferredStatement): void {
    this.assertOpen();
    this.deferred.push(statement);
  }

  /** Whether statements other than an unsent transaction opening wait to be sent (`defer`). */
  get hasDeferredWrites(): boolean {
    return this.deferred.length > this.opening;
  }

  /**
   * Drops every unsent deferred statement; answers whether a transaction's begin was among them (then
   * nothing of that transaction reached the server, and there is nothing to end).
   */
  dropDeferred(): boolean {
    const unopened = this.opening > 0;
    this.deferred = [];
    this.opening = 0;
    return unopened;
  }

  /**
   * The transaction's last reads and its commit in one round trip (with whatever was deferred in front):
   * the reads run inside the transaction, so they see its changes. Afterwards the client refuses every
   * statement until `endCommitted` (the transaction's settings and role ended with the commit).
   */
  async commitWith(reads: readonly PipelineStatement[]): Promise<pg.QueryResultRow[][]> {
    const sets = await this.pipelined([...reads, { text: 'commit', values: [] }]);
    this.committed = true;
    return sets.slice(0, reads.length);
  }

  /** Whether `commitWith` committed the transaction; clears that state for the connection's next use. */
  endCommitted(): boolean {
    const was = this.committed;
    this.committed = false;
    return was;
  }

  private assertOpen(): void {
    if (this.committed)
      throw new Error('The transaction was committed (commitWith): no statement may follow');
  }

  /** Takes the deferred statements for sending (with the next statement). */
  private takeDeferred(): DeferredStatement[] {
    const taken = this.deferred;
    this.deferred = [];
    this.opening = 0;
    return taken;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; all pass through
  override query(config: any, values?: any, callback?: any): any {
    this.assertOpen();
    let flushed: Promise<unknown> | null = null;
    if (this.deferred.length > 0) {
      const deferred = this.takeDeferred();
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
        }).then((results) => {
          deliver(deferred, results);
          return results[results.length - 1]!;
        });
      }
      // Queued first, so it runs first; a failure shows in the statement after it (an aborted transaction),
      // which then fails with the deferred statement's own error.
      flushed = this.runPipeline(deferred, {}).then((results) => deliver(deferred, results));
      flushed.catch(() => {});
    }
    const submit = super.query.bind(this) as (...args: unknown[]) => unknown;
    let sent: unknown;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = this.nameFor(config);
      sent = submit(name ? { text: config, name } : config, values, callback);
    } else if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const params = Array.isArray(values) ? values : config.values;
      // Submittables (cursors, streams) manage their own protocol.
      const name =
        Array.isArray(params) && params.length > 0 && typeof config.submit !== 'function'
          ? this.nameFor(config.text)
          : undefined;
      sent = submit(name ? { ...config, name } : config, values, callback);
    } else sent = submit(config, values, callback);
    if (flushed && sent instanceof Promise)
      return sent.catch(async (err: unknown) => {
        throw (
          (await flushed.then(
            () => undefined,
            (first: unknown) => first,
          )) ?? err
        );
      });
    return sent;
  }

  protected nameFor(text: string): string | undefined {
    if (text.startsWith(PLAN_PER_VALUES)) return undefined;
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
    this.assertOpen();
    const deferred = this.takeDeferred();
    return this.runPipeline([...deferred, ...statements], {}).then((results) => {
      deliver(deferred, results);
      return results.slice(deferred.length).map((r) => r.rows);
    });
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
    // Per statement: its known shape when its Describe is skipped (set as the messages are written).
    const known: (Shape | undefined)[] = [];
    const defaultParsers = options.types === undefined;
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
            // A statement PostgreSQL has prepared answers the same columns every time (a change of them
            // fails the execution: "cached plan must not change result type").
            const shape =
              s.name !== undefined && connectionOfQuery.parsedStatements[s.name] !== undefined
                ? this.shapes.get(s.name)
                : undefined;
            // Parsers learnt with pg's defaults serve only results read with them.
            known.push(shape?.parsers && !defaultParsers ? { fields: shape.fields } : shape);
            if (!shape) connectionOfQuery.describe({ type: 'P', name: '' });
            connectionOfQuery.execute({ portal: '', rows: 0 });
          }
          connectionOfQuery.sync();
        },
        (err, results) => {
          if (err) {
            // Which of this call's new statements PostgreSQL parsed is unknown: forget them all; their texts
            // get new names (never an old one) the next time.
            for (const name of submitted) {
              delete connection.submittedNamedStatements[name];
              this.shapes.delete(name);
            }
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
        (i) => known[i],
        (i, fields) => {
          const name = prepared[i]?.name;
          if (name === undefined || this.shapes.has(name)) return;
          this.shapes.set(name, shapeOf(fields, defaultParsers));
        },
      );
      super.query(query as never);
    });
  }
}

/**
 * The preparing client without named statements, for a connection through a transaction pooler (PgBouncer
 * 1.18 in `pool_mode=transaction`): a named statement lives on the server connection it was parsed on, and
 * the pooler hands the next transaction another one ("prepared statement im_3 does not exist"). Everything
 * else stays: every statement is parsed unnamed each time, pipelines (one Sync: one server connection) and
 * deferred writes still save their round trips (docs/decisions/053).
 */
export class UnpreparedClient extends PreparingClient {
  protected override nameFor(): string | undefined {
    return undefined;
  }

  /** A statement named by its caller (the session lookup) goes unnamed too. */
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; all pass through
  override query(config: any, values?: any, callback?: any): any {
    if (config && typeof config === 'object' && config.name && typeof config.submit !== 'function') {
      const { name: _named, ...unnamed } = config;
      return super.query(unnamed, values, callback);
    }
    return super.query(config, values, callback);
  }
}

export interface PipelineStatement {
  text: string;
  values: unknown[];
}

/**
 * A statement sent with the next one (`PreparingClient.defer`), and who hears its rows: always as objects,
 * read with the next statement's type parsers (drizzle's, when that statement is drizzle's, leave dates as
 * text: select text or numbers where a deferred statement's answer matters).
 */
export interface DeferredStatement extends PipelineStatement {
  onRows?: (rows: pg.QueryResultRow[]) => void;
}

/** Hands each deferred statement that asked for them its rows (results in the statements' order). */
function deliver(deferred: readonly DeferredStatement[], results: readonly pg.QueryResult[]): void {
  for (const [i, statement] of deferred.entries()) {
    if (!statement.onRows) continue;
    const { rows, fields } = results[i]!;
    // The pipeline's rows come as arrays when the statement it travelled with asked for arrays (drizzle).
    statement.onRows(
      rows.map((row) =>
        Array.isArray(row) ? Object.fromEntries(fields.map((f, column) => [f.name, row[column]])) : row,
      ),
    );
  }
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

/** A column as PostgreSQL describes it (pg's RowDescription field). */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

/**
 * A prepared statement's answer shape: its columns, and, when its results use pg's default type parsers,
 * those parsers and the empty row pg copies for each row (what `Result.addFields` builds per execution).
 */
interface Shape {
  fields: FieldDescription[];
  parsers?: ((value: string) => unknown)[];
  emptyRow?: Record<string, null>;
}

function shapeOf(fields: FieldDescription[], defaultParsers: boolean): Shape {
  if (!defaultParsers || fields.length === 0) return { fields };
  const emptyRow: Record<string, null> = {};
  for (const f of fields) emptyRow[f.name] = null;
  return {
    fields,
    parsers: fields.map((f) => pg.types.getTypeParser(f.dataTypeID, (f.format ?? 'text') as 'text')),
    emptyRow,
  };
}

/** The parts of pg's Query and Result (lib/query.js, lib/result.js) a pipeline with known shapes sets. */
interface QueryInternals {
  _result: {
    fields: FieldDescription[];
    _parsers: ((value: string) => unknown)[] | undefined;
    _prebuiltEmptyResultObject: Record<string, null> | null;
  };
  _accumulateRows: boolean;
  _checkForMultirow(): void;
  handleRowDescription(msg: { fields: FieldDescription[] }): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
}

/**
 * pg's Query with its own protocol messages: pg collects a result per statement (as for a simple query
 * of several statements) and hands them to the callback after the one ReadyForQuery. A statement sent
 * without Describe (its shape known) gets its known row description before its first row, or before its
 * completion when it answers none, so its result looks exactly as if PostgreSQL had described it.
 */
const QueryBase = pg.Query as unknown as new (config: {
  text: string;
  callback: (err: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void;
  rowMode?: 'array';
  types?: unknown;
}) => QueryInternals;
class PipelineQuery extends QueryBase {
  /** The statement whose answer arrives now, and whether its row description was handled. */
  private at = 0;
  private described = false;
  private fields: FieldDescription[] = [];

  constructor(
    private readonly write: (connection: ProtocolConnection) => void,
    callback: (err: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void,
    /** How rows arrive (every statement's alike): arrays or objects, and the type parsers (drizzle sets both). */
    options: { rowMode?: 'array'; types?: unknown },
    /** A statement's known shape, when it was sent without Describe. */
    private readonly knownShape: (index: number) => Shape | undefined,
    /** Hears a described statement's columns once it completed. */
    private readonly learn: (index: number, fields: FieldDescription[]) => void,
  ) {
    super({ text: 'pipeline', callback, ...options });
  }

  requiresPreparation(): boolean {
    return true;
  }

  prepare(connection: ProtocolConnection): void {
    this.write(connection);
  }

  override handleRowDescription(msg: { fields: FieldDescription[] }): void {
    this.described = true;
    this.fields = msg.fields;
    super.handleRowDescription(msg);
  }

  override handleDataRow(msg: unknown): void {
    if (!this.described) this.describeFromShape();
    super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: unknown): void {
    // Described by PostgreSQL: its columns (none when it answered NoData) are learnt for the next time.
    if (!this.knownShape(this.at)) this.learn(this.at, this.described ? this.fields : []);
    else if (!this.described) this.describeFromShape();
    super.handleCommandComplete(msg, connection);
    this.at += 1;
    this.described = false;
    this.fields = [];
  }

  /** Sets up the current statement's result from its known shape, as its row description would. */
  private describeFromShape(): void {
    this.described = true;
    const shape = this.knownShape(this.at);
    // No columns: PostgreSQL would have sent NoData, which pg does not act on.
    if (!shape || shape.fields.length === 0) return;
    if (!shape.parsers) {
      super.handleRowDescription({ fields: shape.fields });
      return;
    }
    this._checkForMultirow();
    this._result.fields = shape.fields;
    this._result._parsers = shape.parsers;
    this._result._prebuiltEmptyResultObject = shape.emptyRow ?? null;
    this._accumulateRows = true;
  }
}
