/**
 * Several statements in one round trip over one node-postgres client: Parse/Bind/Describe/Execute
 * for each, then ONE Sync. PostgreSQL runs what comes before a Sync as one implicit transaction
 * (committed at the Sync, rolled back if a statement fails, the statements after a failure skipped),
 * so a `set_config(…, true)` of one statement holds for the next — what PostgREST gets by pipelining
 * its pre-query and main query. node-postgres ends each of its queries with a Sync (in its pipeline
 * mode too), hence this Submittable of our own.
 *
 * Statements marked `prepare` get a name on their connection the first time and are then only bound
 * and executed: PostgreSQL parses and plans them once, and re-plans them by itself when the
 * search_path, the role (row security) or the objects they use change. Their columns are described
 * once, with the parse, and kept with the name: they cannot change under it (PostgreSQL fails the
 * statement with 0A000 instead, and it is parsed and described again). A connection keeps at most
 * MAX_PREPARED of them; the least recently used are closed (in the next batch, same round trip).
 * With `preparedStatements: false` (PostgREST's db-prepared-statements = false, for a transaction
 * pooler such as PgBouncer or Supavisor in transaction mode, where the next transaction may run on
 * another server connection) every statement is sent unnamed: parsed and planned each time.
 */
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import type { BatchStatement, Field, QueryResult } from './types.ts';

/** Named statements per connection; enough for the REST engine's distinct statements of a busy app. */
export const MAX_PREPARED = 200;

/** A statement's columns and their parsers, as its Describe answered. */
interface Columns {
  fields: Field[];
  parsers: Parser[];
}

/** The named statements of one connection, least recently used first. */
class Prepared {
  readonly #names = new Map<string, string>();
  /** the names in #names, for a lookup by name */
  readonly #live = new Set<string>();
  /** each named statement's columns, once a Describe of it has answered */
  readonly #columns = new Map<string, Columns>();
  /** names to close at the start of the next batch */
  readonly closing: string[] = [];
  #next = 0;

  columns(name: string): Columns | undefined {
    return this.#columns.get(name);
  }

  /** Its columns cannot change while the name lives: PostgreSQL fails the statement instead (0A000). */
  keepColumns(name: string, columns: Columns): void {
    if (this.#live.has(name)) this.#columns.set(name, columns);
  }

  #close(name: string): void {
    this.#live.delete(name);
    this.#columns.delete(name);
    this.closing.push(name);
  }

  /** The statement's name, and whether this batch must parse it. */
  name(text: string): { name: string; fresh: boolean } {
    const known = this.#names.get(text);
    if (known !== undefined) {
      this.#names.delete(text);
      this.#names.set(text, known);
      return { name: known, fresh: false };
    }
    const name = `sl_${++this.#next}`;
    this.#names.set(text, name);
    this.#live.add(name);
    for (const [oldText, oldName] of this.#names) {
      if (this.#names.size <= MAX_PREPARED) break;
      this.#names.delete(oldText);
      this.#close(oldName);
    }
    return { name, fresh: true };
  }

  /** After a failed batch PostgreSQL may or may not have parsed these: close them to be sure. */
  forget(names: string[]): void {
    for (const [text, name] of this.#names) {
      if (names.includes(name)) {
        this.#names.delete(text);
        this.#close(name);
      }
    }
  }

  forgetAll(): void {
    this.forget([...this.#names.values()]);
  }

  get size(): number {
    return this.#names.size;
  }
}

const byClient = new WeakMap<pg.ClientBase, Prepared>();

function preparedOf(client: pg.ClientBase): Prepared {
  let p = byClient.get(client);
  if (!p) byClient.set(client, (p = new Prepared()));
  return p;
}

/**
 * The connection's named statements are not what we think they are: 0A000 'cached plan must not
 * change result type' (a named statement outlived a change of its result's columns) or 26000 for one
 * of ours (something ran DEALLOCATE/DISCARD on the connection). Parsing them again fixes both.
 */
export function isStalePlan(e: unknown): boolean {
  if (!(e instanceof Error) || !('code' in e)) return false;
  return (
    (e.code === '0A000' && e.message.includes('cached plan must not change result type')) ||
    (e.code === '26000' && e.message.includes('"sl_'))
  );
}

/** The parts of pg-protocol's messages this reads. */
interface FieldMessage {
  name: string;
  dataTypeID: number;
}

type Parser = (text: string) => unknown;

/**
 * node-postgres's pipeline mode takes only its own Query (it refuses other Submittables, as cursors
 * keep a portal open across round trips; a batch does not): a batch is one, for that check.
 */
const QueryBase = pg.Query as unknown as new (config: object) => object;

/** Streams corked until the end of this turn of the event loop (see `coalesce`). */
const corked = new WeakSet<pg.Connection['stream']>();

class BatchQuery extends QueryBase implements pg.Submittable {
  readonly #results: QueryResult[] = [];
  #fields: FieldMessage[] = [];
  #parsers: Parser[] = [];
  #rows: Record<string, unknown>[] = [];
  #rowError: unknown = null;
  readonly #steps: {
    name: string;
    parse: boolean;
    text: string;
    values: (string | Buffer | null)[];
    /** a named statement's columns, known from an earlier Describe: no Describe this time */
    columns: Columns | undefined;
  }[];

  constructor(
    statements: BatchStatement[],
    private readonly prepared: Prepared,
    private readonly types: pg.CustomTypesConfig,
    private readonly settle: (error: unknown, results?: QueryResult[]) => void,
    named: boolean,
    private readonly coalesce: boolean,
  ) {
    super({});
    // values first: a value that cannot be sent (a circular object) fails before anything is written
    this.#steps = statements.map((s) => {
      const values = s.values.map((v) => pgUtils.prepareValue(v));
      if (!s.prepare || !named) return { name: '', parse: true, text: s.text, values, columns: undefined };
      const { name, fresh } = prepared.name(s.text);
      return {
        name,
        parse: fresh,
        text: s.text,
        values,
        columns: fresh ? undefined : prepared.columns(name),
      };
    });
    this.#startStep();
  }

  /** The next statement's columns when they are known (its rows come without a RowDescription). */
  #startStep(): void {
    const columns = this.#steps[this.#results.length]?.columns;
    this.#fields = columns ? columns.fields : [];
    this.#parsers = columns ? columns.parsers : [];
  }

  /** names this batch parses: unknown state on the server if it fails */
  get fresh(): string[] {
    return this.#steps.filter((s) => s.name && s.parse).map((s) => s.name);
  }

  submit(connection: pg.Connection): void {
    const stream = connection.stream;
    // Pipelined batches submitted during one turn of the event loop (the requests read from every
    // socket that was ready) leave in one write: the socket stays corked until setImmediate.
    const deferred = this.coalesce;
    if (!deferred || !corked.has(stream)) {
      stream.cork();
      if (deferred) {
        corked.add(stream);
        setImmediate(() => {
          corked.delete(stream);
          stream.uncork();
        });
      }
    }
    try {
      for (const name of this.prepared.closing.splice(0)) connection.close({ type: 'S', name }, false);
      for (const s of this.#steps) {
        if (s.parse) connection.parse({ name: s.name, text: s.text, types: [] }, false);
        // A named statement is described once (its answer kept by #finish), an unnamed one each time.
        if (s.name && !s.columns) connection.describe({ type: 'S', name: s.name }, false);
        connection.bind({ statement: s.name, portal: '', values: s.values }, false);
        if (!s.name) connection.describe({ type: 'P', name: '' }, false);
        connection.execute({ portal: '' }, false);
      }
      connection.sync();
    } finally {
      if (!deferred) stream.uncork();
    }
  }

  handleRowDescription(msg: { fields: FieldMessage[] }): void {
    this.#fields = msg.fields;
    this.#parsers = msg.fields.map((f) => this.types.getTypeParser(f.dataTypeID, 'text'));
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.#rowError) return;
    const row: Record<string, unknown> = {};
    try {
      for (let i = 0; i < this.#fields.length; i++) {
        const v = msg.fields[i];
        row[this.#fields[i]!.name] = v === null || v === undefined ? null : this.#parsers[i]!(v);
      }
    } catch (e) {
      this.#rowError = e;
      return;
    }
    this.#rows.push(row);
  }

  handleCommandComplete(msg: { text: string }): void {
    const n = /(\d+)$/.exec(msg.text);
    this.#finish(n ? Number(n[1]) : 0);
  }

  handleEmptyQuery(): void {
    this.#finish(0);
  }

  #finish(affectedRows: number): void {
    const step = this.#steps[this.#results.length];
    const fields = step?.columns
      ? step.columns.fields
      : this.#fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    this.#results.push({ rows: this.#rows, fields, affectedRows });
    if (step?.name && !step.columns) this.prepared.keepColumns(step.name, { fields, parsers: this.#parsers });
    this.#rows = [];
    this.#startStep();
  }

  handlePortalSuspended(): void {}

  /** The client forgets the query before calling this: its ReadyForQuery is not ours to see. */
  handleError(error: unknown): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    if (this.#rowError) this.settle(this.#rowError);
    else this.settle(null, this.#results);
  }

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('COPY FROM STDIN is not supported in a batch');
  }

  handleCopyData(): void {}
}

export interface BatchOptions {
  /** Named prepared statements for those marked `prepare` (default true); false: all unnamed. */
  preparedStatements?: boolean;
  /**
   * The client is in node-postgres's pipeline mode, shared by concurrent batches: write this batch
   * with the others of the same event-loop turn (one write for all, each still with its own Sync).
   */
  pipelined?: boolean;
}

/**
 * Sends the statements in one round trip; resolves with one result per statement. Without a BEGIN
 * among them (or an open transaction on the client) they are one implicit transaction.
 */
export function sendBatch(
  client: pg.ClientBase,
  statements: BatchStatement[],
  types: pg.CustomTypesConfig,
  options?: BatchOptions,
): Promise<QueryResult[]> {
  return new Promise((resolve, reject) => {
    const prepared = preparedOf(client);
    let query: BatchQuery;
    try {
      query = new BatchQuery(
        statements,
        prepared,
        types,
        (error, results) => {
          if (error) {
            if (isStalePlan(error)) prepared.forgetAll();
            else prepared.forget(query.fresh);
            reject(error instanceof Error ? error : new Error(String(error)));
          } else resolve(results ?? []);
        },
        options?.preparedStatements ?? true,
        options?.pipelined ?? false,
      );
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    client.query(query);
  });
}
