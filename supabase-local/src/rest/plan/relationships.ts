/** Choosing the relationship an embed means (PostgREST's findRel), with its errors. */
import { ApiError } from '../errors.ts';
import type { Relation, Relationship, SchemaCache } from '../schema-cache.ts';
import { suggest } from './fuzzy.ts';

const cardName: Record<Relationship['card'], string> = {
  m2o: 'many-to-one',
  o2m: 'one-to-many',
  o2o: 'one-to-one',
  m2m: 'many-to-many',
  computed: 'computed',
};

function describe(r: Relationship): Record<string, string> {
  const cols = (rel: Relation, names: string[]) => `${rel.name}(${names.join(', ')})`;
  let relationship: string;
  if (r.card === 'm2m' && r.junction) {
    const j = r.junction;
    relationship = `${j.rel.name} using ${j.constraint1}(${j.cols1.map((c) => c[0]).join(', ')}) and ${j.constraint2}(${j.cols2.map((c) => c[0]).join(', ')})`;
  } else {
    relationship = `${r.constraint} using ${cols(
      r.table,
      r.cols.map((c) => c[0]),
    )} and ${cols(
      r.foreign,
      r.cols.map((c) => c[1]),
    )}`;
  }
  return {
    cardinality: cardName[r.card],
    embedding: `${r.table.name} with ${r.foreign.name}`,
    relationship,
  };
}

export function findRelationship(
  sc: SchemaCache,
  origin: Relation,
  target: string,
  hint: string | undefined,
): Relationship {
  const all = sc.relationshipsFrom(origin);
  const singleCol = (h: string | undefined, r: Relationship, side: 0 | 1) =>
    h !== undefined && r.cols.length === 1 && r.cols[0]![side] === h;
  const matchesConstraint = (h: string | undefined, r: Relationship) =>
    h !== undefined && r.card !== 'm2m' && r.card !== 'computed' && r.constraint === h;
  const matches = all.filter((r) => {
    if (r.card === 'computed') return r.constraint === target && hint === undefined;
    const byName = r.foreign.name === target;
    if (byName && hint === undefined) return true;
    if (byName && matchesConstraint(hint, r)) return true;
    if (byName && r.card !== 'm2m' && (singleCol(hint, r, 0) || singleCol(hint, r, 1))) return true;
    if (byName && r.card === 'm2m' && r.junction?.rel.name === hint) return true;
    if (hint === undefined && (r.card === 'm2o' || r.card === 'o2o') && singleCol(target, r, 0)) return true;
    if (hint === undefined && matchesConstraint(target, r)) return true;
    return false;
  });
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    const names = [...new Set(all.map((r) => r.foreign.name))];
    const s = hint === undefined ? suggest(target, names) : null;
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${target}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${origin.schema}', but no matches were found.`,
      s ? `Perhaps you meant '${s}' instead of '${target}'.` : null,
    );
  }
  const hints = matches.map((r) =>
    r.card === 'm2m' ? `'${target}!${r.junction!.rel.name}'` : `'${target}!${r.constraint}'`,
  );
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${target}'`,
    matches.map(describe),
    `Try changing '${target}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
