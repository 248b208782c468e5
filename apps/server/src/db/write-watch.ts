import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Whose rows a committed write touched, among the tables the per-account caches read (sessions, users,
 * coins, memberships, plans; unlocks, favorites and likes for the lists' personalisation). `all` when the
 * write could not be narrowed to accounts or sessions.
 */
export interface WrittenKeys {
  users: string[];
  sessions: string[];
  all: boolean;
}

/** Told of every committed write to the watched tables, before the statement's or commit's promise settles. */
export interface WriteWatch {
  listen(fn: (keys: WrittenKeys) => Promise<void> | void): () => void;
}

/** The column that names a row's owner, per watched table; `sessions` rows also have their own id. */
const OWNER: Record<string, { column: string; kind: 'users' | 'sessions' }[]> = {
  users: [{ column: 'id', kind: 'users' }],
  sessions: [
    { column: 'id', kind: 'sessions' },
    { column: 'user_id', kind: 'users' },
  ],
  coin_ledger: [{ column: 'user_id', kind: 'users' }],
  coin_balances: [{ column: 'user_id', kind: 'users' }],
  memberships: [{ column: 'user_id', kind: 'users' }],
  unlocks: [{ column: 'user_id', kind: 'users' }],
  favorites: [{ column: 'user_id', kind: 'users' }],
  series_likes: [{ column: 'user_id', kind: 'users' }],
};
/** Tables whose every write clears everything (rare operator edits: a plan's name shows with a membership). */
const EVERYONE = new Set(['plans', 'plan_translations']);
const WATCHED = new Set([...Object.keys(OWNER), ...EVERYONE]);
const WRITE_WORD = /\b(update|delete|insert|truncate|merge|alter|drop)\b/i;
const WATCHED_NAME = new RegExp(`\\b(${[...WATCHED].join('|')})\\b`, 'i');

type Node = OperationNode & Record<string, unknown>;
const ALL: WrittenKeys = { users: [], sessions: [], all: true };

function tableName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') return ((n.table as Node).identifier as { name: string }).name;
  return null;
}

function columnName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (n?.kind === 'ReferenceNode') return columnName(n.column);
  if (n?.kind === 'ColumnNode') return (n.column as { name: string }).name;
  return null;
}

/** Plain values of a `= value` or `in (values)` operand; null when it is an expression. */
function plainValues(node: unknown): unknown[] | null {
  const n = node as Node | undefined;
  if (n?.kind === 'ValueNode') return [n.value];
  if (n?.kind === 'PrimitiveValueListNode') return [...(n.values as unknown[])];
  if (n?.kind === 'ValueListNode') {
    const out: unknown[] = [];
    for (const v of n.values as unknown[]) {
      const one = plainValues(v);
      if (!one) return null;
      out.push(...one);
    }
    return out;
  }
  return null;
}

/** The values a where clause pins `column` to, when the clause is a conjunction holding `column = / in`. */
function pinned(where: unknown, column: string): unknown[] | null {
  const n = where as Node | undefined;
  if (!n) return null;
  if (n.kind === 'WhereNode') return pinned(n.where, column);
  if (n.kind === 'ParensNode') return pinned(n.node, column);
  if (n.kind === 'AndNode') return pinned(n.left, column) ?? pinned(n.right, column);
  if (n.kind === 'BinaryOperationNode') {
    const op = (n.operator as { operator?: string }).operator;
    if ((op === '=' || op === 'in') && columnName(n.leftOperand) === column) return plainValues(n.rightOperand);
  }
  return null;
}

function keysOf(table: string, find: (column: string) => unknown[] | null): WrittenKeys | null {
  if (EVERYONE.has(table)) return ALL;
  const keys: WrittenKeys = { users: [], sessions: [], all: false };
  for (const { column, kind } of OWNER[table] ?? []) {
    const values = find(column);
    if (values) {
      keys[kind].push(...values.map(String));
      return keys;
    }
  }
  return null;
}

/** What a query built with Kysely writes among the watched rows; null: nothing watched, ALL: can't tell. */
export function writtenKeys(query: CompiledQuery): WrittenKeys | null {
  const node = query.query as Node;
  if (node.kind === 'UpdateQueryNode' && !node.with && !node.from && !node.joins) {
    const table = tableName(node.table);
    if (!table) return ALL;
    if (!WATCHED.has(table)) return null;
    const keys = keysOf(table, (column) => pinned(node.where, column));
    if (!keys) return ALL;
    // A row handed to another owner (a guest's coins merged into an account) changes that owner too.
    for (const update of (node.updates ?? []) as Node[]) {
      const owner = OWNER[table]?.find((o) => o.column === columnName(update.column));
      if (!owner) continue;
      const values = plainValues(update.value);
      if (!values) return ALL;
      keys[owner.kind].push(...values.map(String));
    }
    return keys;
  }
  if (node.kind === 'DeleteQueryNode' && !node.with && !node.using && !node.joins) {
    const froms = (node.from as { froms: unknown[] }).froms;
    const table = froms.length === 1 ? tableName(froms[0]) : null;
    if (!table) return ALL;
    if (!WATCHED.has(table)) return null;
    return keysOf(table, (column) => pinned(node.where, column)) ?? ALL;
  }
  if (node.kind === 'InsertQueryNode' && !node.with) {
    const table = tableName(node.into);
    if (!table) return ALL;
    if (!WATCHED.has(table)) return null;
    const conflict = node.onConflict as Node | undefined;
    // A new account or session changes no row anyone has read.
    if ((table === 'users' || table === 'sessions') && !conflict) return null;
    const columns = ((node.columns ?? []) as unknown[]).map(columnName);
    const rows =
      (node.values as Node | undefined)?.kind === 'ValuesNode' ? ((node.values as Node).values as Node[]) : null;
    if (!rows) return ALL;
    const keys = keysOf(table, (column) => {
      const at = columns.indexOf(column);
      if (at < 0) return null;
      const out: unknown[] = [];
      for (const row of rows) {
        const cell =
          row.kind === 'PrimitiveValueListNode'
            ? { kind: 'ValueNode', value: (row.values as unknown[])[at] }
            : (row.values as unknown[])[at];
        const values = plainValues(cell);
        if (!values) return null;
        out.push(...values);
      }
      return out;
    });
    if (!keys) return ALL;
    // An upsert updates the row it conflicts with: the same owner only when it conflicts on the owner column.
    if (conflict?.updates) {
      const target = ((conflict.columns ?? []) as unknown[]).map(columnName);
      if (target.length !== 1 || !OWNER[table]?.some((o) => o.column === target[0] && o.kind === 'users')) return ALL;
    }
    return keys;
  }
  // A select writes only through a common table expression (its `for update` locks, it does not write).
  if (node.kind === 'SelectQueryNode' && !node.with) return null;
  // Raw SQL and statements with common table expressions: read the text.
  return WRITE_WORD.test(query.sql) && WATCHED_NAME.test(query.sql) ? ALL : null;
}

function merge(into: WrittenKeys, more: WrittenKeys): void {
  into.all ||= more.all;
  into.users.push(...more.users);
  into.sessions.push(...more.sessions);
}

/**
 * Wraps a dialect so that every committed write to the watched tables is announced: a statement
 * outside a transaction once it has run, a transaction's statements once it commits (never before:
 * a reader filling a cache in between would keep the old rows). The announcement is awaited, so a
 * request that revokes a session answers only after every listener (and, through them, every other
 * instance) has heard of it.
 */
export function watchWrites(dialect: Dialect): { dialect: Dialect; watch: WriteWatch } {
  const listeners = new Set<(keys: WrittenKeys) => Promise<void> | void>();
  const announce = async (keys: WrittenKeys) => {
    if (!keys.all && keys.users.length === 0 && keys.sessions.length === 0) return;
    await Promise.all([...listeners].map((fn) => fn(keys)));
  };
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const pending = new WeakMap<DatabaseConnection, WrittenKeys>();

  function wrap(connection: DatabaseConnection): DatabaseConnection {
    const outer: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await connection.executeQuery<R>(query);
        const keys = writtenKeys(query);
        if (keys) {
          const open = pending.get(outer);
          if (open) merge(open, keys);
          else await announce(keys);
        }
        return result;
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    inner.set(outer, connection);
    return outer;
  }
  const unwrap = (c: DatabaseConnection) => inner.get(c) ?? c;

  const createDriver = (): Driver => {
    const driver = dialect.createDriver();
    return {
      init: () => driver.init(),
      acquireConnection: async () => wrap(await driver.acquireConnection()),
      releaseConnection: (c) => driver.releaseConnection(unwrap(c)),
      destroy: () => driver.destroy(),
      beginTransaction: async (c, settings: TransactionSettings) => {
        await driver.beginTransaction(unwrap(c), settings);
        pending.set(c, { users: [], sessions: [], all: false });
      },
      commitTransaction: async (c) => {
        const keys = pending.get(c);
        pending.delete(c);
        await driver.commitTransaction(unwrap(c));
        if (keys) await announce(keys);
      },
      rollbackTransaction: async (c) => {
        pending.delete(c);
        await driver.rollbackTransaction(unwrap(c));
      },
      // Savepoints run inside the transaction: what they wrote is announced (or not) with its commit.
      savepoint: driver.savepoint && ((c, name, compile) => driver.savepoint!(unwrap(c), name, compile)),
      rollbackToSavepoint:
        driver.rollbackToSavepoint && ((c, name, compile) => driver.rollbackToSavepoint!(unwrap(c), name, compile)),
      releaseSavepoint:
        driver.releaseSavepoint && ((c, name, compile) => driver.releaseSavepoint!(unwrap(c), name, compile)),
    };
  };

  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver,
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    watch: {
      listen(fn) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    },
  };
}

/** The bus message for a write, and back (anything unreadable clears everything). */
export const encodeKeys = (keys: WrittenKeys): string => JSON.stringify(keys);
export function decodeKeys(message: string): WrittenKeys {
  try {
    const k = JSON.parse(message) as Partial<WrittenKeys>;
    if (Array.isArray(k.users) && Array.isArray(k.sessions))
      return { users: k.users.map(String), sessions: k.sessions.map(String), all: k.all === true };
  } catch {
    // fall through
  }
  return { users: [], sessions: [], all: true };
}
