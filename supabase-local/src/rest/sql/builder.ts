/**
 * The only place SQL text is made. Identifiers are quoted; every value from the request is a $n
 * parameter. Cast type names come from the grammar (letters, digits, _ and [] only).
 */
export class SqlBuilder {
  readonly values: unknown[] = [];

  param(v: unknown, cast?: string): string {
    this.values.push(v);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A type name from a select cast or the catalog: only safe characters reach SQL. */
export function typeName(t: string): string {
  if (!/^[\p{L}\p{N}_ .[\]"(),]+$/u.test(t)) throw new Error(`unsafe type name ${t}`);
  return t;
}

/** Postgres array literal from text items: {"a","b,c"} */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
