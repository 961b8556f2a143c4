/**
 * The ApiRequest AST: what the URL and headers ask for, with no knowledge of SQL or of the schema.
 * Mirrors PostgREST's ApiRequest/Types.hs.
 */

/** `->` (json) or `->>` (text) steps; a key is a name or an array index. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  index: boolean;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateName;
  aggregateCast?: string;
}

export type AggregateName = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface StarItem {
  kind: 'star';
}

/** `count()` alone, without a field. */
export interface CountItem {
  kind: 'count';
  alias?: string;
  cast?: string;
}

export interface EmbedItem {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  select: SelectItem[];
}

export type SelectItem = ColumnItem | StarItem | CountItem | EmbedItem;

export type SimpleOp =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'isdistinct';

export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type OpExpr =
  | { kind: 'op'; op: SimpleOp; quant?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'fts'; op: FtsOp; lang?: string; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] }
  | { kind: 'filter'; filter: Filter };

export interface OrderTerm {
  /** ordering by a column of an embedded to-one resource: `order=clients(name)` */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface Range {
  offset: number;
  limit?: number;
}

/** Everything in the query string, grouped by embed path ('' = the top level; 'tasks.users' = nested). */
export interface QueryParams {
  select: SelectItem[];
  filters: Map<string, Filter[]>;
  logic: Map<string, LogicTree[]>;
  order: Map<string, OrderTerm[]>;
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** non-filter params (RPC arguments by GET): key, raw value */
  params: [string, string][];
  /** every filter's path and field name, for RPC GET argument matching */
  filterFields: { path: string; field: string }[];
}

export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  timezone?: string;
  maxAffected?: number;
  /** preferences we did not understand (handling=strict rejects them) */
  invalid: string[];
}
