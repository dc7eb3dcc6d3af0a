import type BetterSqlite3 from 'better-sqlite3';

/** Makes one row's object from its values in column order, as better-sqlite3 would have made it. */
export type RowMaker = (values: unknown[]) => Record<string, unknown>;

/**
 * The maker of the rows of `statement` (a statement that returns rows, prepared from `text`), or
 * null when better-sqlite3 should go on making them: on Node 20 it makes each row's object by
 * setting one property a column through V8's API, the name looked up in V8's string table every
 * time (about 0.35 µs a column; a review's 39-column target read spent more on its row than on its
 * joins, bench/README.md, "Eleventh pass"). In raw mode it hands over the values alone, and an
 * object literal made once for the statement's columns builds the same object: the same names in
 * the same order, a name given twice keeping its first place and its last value, the same
 * prototype (a column named `__proto__` sets it in both, as an assignment to it does).
 *
 * Only for a text naming every column it returns: a `*` (a table's columns, expanded when SQLite
 * prepares the statement) could name other columns after a schema change, which SQLite's silent
 * re-preparing would bring to this statement; a named column cannot change its name and still
 * prepare.
 */
export function rowMakerOf(text: string, statement: BetterSqlite3.Statement): RowMaker | null {
  if (text.includes('*')) return null;
  const names = statement.columns().map((column) => column.name);
  const properties = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  // The literal's shape is fixed, so V8 makes every row from one map, properties in the object itself.
  return new Function('values', `return { ${properties.join(', ')} };`) as RowMaker;
}
