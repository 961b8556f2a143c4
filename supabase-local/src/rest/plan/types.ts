/** Plans: the AST resolved against the schema cache. The SQL stage renders them; nothing here is SQL. */
import type { Field, Filter, LogicTree, OrderTerm, Range, SelectItem } from '../parse/types.ts';
import type { Accepted } from '../parse/headers.ts';
import type { Preferences } from '../parse/types.ts';
import type { Column, Relation, Relationship, Routine } from '../schema-cache.ts';

export type PlannedItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; name: string; cast?: string }
  | { kind: 'computed'; fn: Routine; name: string; cast?: string }
  | { kind: 'aggregate'; fn: string; field?: Field; name: string; cast?: string; inner?: string }
  | { kind: 'embed'; child: ReadPlan; name: string };

export interface ReadPlan {
  rel: Relation;
  /** SQL alias of this level's relation */
  alias: string;
  /** name the request used (alias or relation name), the JSON key of this embed */
  name: string;
  select: PlannedItem[];
  filters: Filter[];
  logic: LogicTree[];
  /** `embed=is.null` / `not.is.null` on an embedded resource of this level */
  embedNullFilters: { childName: string; isNull: boolean }[];
  order: OrderTerm[];
  /** resolved related orders: term → lateral alias of the to-one child */
  relatedOrder: Map<OrderTerm, string>;
  range: Range;
  /** set on embedded levels */
  relationship?: Relationship;
  joinType: 'left' | 'inner';
  spread: boolean;
  /** the lateral subquery's alias in the parent (embedded levels) */
  lateral: string;
  children: ReadPlan[];
  /** an embed with an empty select list only filters (select=name,child()) */
  hidden: boolean;
  groupBy: boolean;
}

export interface SourceFunction {
  routine: Routine;
  /** JSON text of the arguments */
  args: string;
  argNames: string[];
  /** whole body is the single unnamed json argument */
  singleObject: boolean;
  /** arguments of a GET call: text values by name */
  getArgs?: Record<string, string[]>;
}

export interface CommonPlan {
  schema: string;
  prefer: Preferences;
  accept: Accepted;
  count?: 'exact' | 'planned' | 'estimated';
  maxRows: number | null;
}

export interface ReadRequestPlan extends CommonPlan {
  kind: 'read';
  read: ReadPlan;
  head: boolean;
}

export interface MutatePlan extends CommonPlan {
  count?: 'exact' | 'planned' | 'estimated';
  kind: 'insert' | 'update' | 'delete' | 'upsert-put';
  rel: Relation;
  /** columns written (insert/update) */
  columns: Column[];
  body: string | null;
  bodyIsArray: boolean;
  onConflict?: string[];
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  where: ReadPlan;
  read: ReadPlan;
  returnRepresentation: boolean;
  location: boolean;
}

export interface CallPlan extends CommonPlan {
  kind: 'call';
  fn: SourceFunction;
  /** rows of the function, read like a relation when it returns rows */
  read: ReadPlan | null;
  scalar: boolean;
  head: boolean;
  readOnly: boolean;
}

export type ActionPlan = ReadRequestPlan | MutatePlan | CallPlan;

export type { SelectItem };
