import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Plain-SQL backups of the whole database, one implementation for PGlite and PostgreSQL (PGlite
 * has no pg_dump). The file is readable text: a header, a guard, then INSERTs table by table in
 * foreign-key order, the sequences' positions, and COMMIT. `restoreBackup` runs it in one
 * transaction; `psql -v ON_ERROR_STOP=1 -f` can run it too, since the guard travels in the file.
 *
 * Everything is read from the database's catalog, never from a hand list: a table added by a
 * migration is in the next backup without touching this file.
 */

/** First line of every backup; restore refuses a file without it. */
const BACKUP_MAGIC = '-- Shabaash database backup';
/** Bumped if the layout of the file ever changes in a way restore must know about. */
const BACKUP_FORMAT = 1;
/** Rows per cursor fetch and per INSERT statement: bounded memory, readable statements. */
const ROWS_PER_STATEMENT = 500;
/** Our tables live in `public`; drizzle's migration journal lives in `drizzle`. */
const SCHEMA = 'public';
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** How values are rendered as text while a backup is read: exact, and the same everywhere. */
const OUTPUT_SETTINGS = [
  "DateStyle = 'ISO, YMD'",
  "TimeZone = 'UTC'",
  "IntervalStyle = 'postgres'",
  'extra_float_digits = 3',
  "bytea_output = 'hex'",
];

/** A refusal or failure worth one line to the operator. */
export class BackupError extends Error {}

/** The latest migration applied to a database: its journal time and, when known, its name. */
export type SchemaVersion = { migratedAt: string; tag: string };

export type BackupSummary = {
  schemaVersion: SchemaVersion;
  tables: Array<{ name: string; rows: number }>;
};

/** Anything that runs SQL: the database or a transaction on it. */
type Queryable = Pick<Database, 'execute'>;

type TableInfo = {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** GENERATED ALWAYS identity columns need OVERRIDING SYSTEM VALUE to take our ids. */
  hasAlwaysIdentity: boolean;
  /** Tables this one references, which must be restored first. */
  parents: string[];
};

/**
 * Writes a backup of every table to `file`. Reads one consistent snapshot (a REPEATABLE READ,
 * read-only transaction), so PostgreSQL can be backed up while the server runs. The file appears
 * only once complete: a failed backup never leaves a file that looks like a good one.
 */
export async function writeBackup(
  db: Database,
  file: string,
  source: 'pglite' | 'postgres',
): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const output = await fs.promises.open(partial, 'w').catch((error: Error) => {
    throw new BackupError(`Cannot write ${file}: ${error.message}`);
  });
  try {
    const summary = await db.transaction(
      (tx) => dumpDatabase(tx, source, (text) => output.write(text)),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await output.sync();
    await output.close();
    await fs.promises.rename(partial, file);
    return summary;
  } catch (error) {
    await output.close().catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

async function dumpDatabase(
  tx: Queryable,
  source: 'pglite' | 'postgres',
  write: (text: string) => Promise<unknown>,
): Promise<BackupSummary> {
  // Text forms that read back identically whatever the server's defaults are.
  for (const setting of OUTPUT_SETTINGS) await tx.execute(sql.raw(`SET LOCAL ${setting}`));
  const schemaVersion = await readSchemaVersion(tx);
  if (!schemaVersion) {
    throw new BackupError('This database has no Shabaash schema yet: nothing to back up.');
  }
  const tables = inForeignKeyOrder(await listTables(tx));
  const triggers = await listUserTriggers(tx);
  const setTriggers = (state: 'DISABLE' | 'ENABLE') =>
    triggers
      .map(
        ({ table, trigger }) =>
          `ALTER TABLE ${qualified(table)} ${state} TRIGGER ${ident(trigger)};\n`,
      )
      .join('');

  await write(backupHeader(schemaVersion, source, tables));
  await write(`${setTriggers('DISABLE')}\n`);
  const counts: BackupSummary['tables'] = [];
  for (const table of tables) {
    counts.push({ name: table.name, rows: await writeTableRows(tx, table, write) });
  }
  // Sequences are not part of the snapshot: they can only be ahead of it, which is safe.
  await write('-- Sequences: where each id counter stood, so no id is ever handed out twice.\n');
  for (const sequence of await readSequences(tx)) {
    const target = sqlString(qualified(sequence.name));
    await write(
      `SELECT pg_catalog.setval(${target}, ${sequence.lastValue}, ${sequence.isCalled});\n`,
    );
  }
  await write(`\n${setTriggers('ENABLE')}COMMIT;\n`);
  const rows = counts.reduce((sum, table) => sum + table.rows, 0);
  await write(`\n-- End of backup: ${rows} rows in ${counts.length} tables.\n`);
  return { schemaVersion, tables: counts };
}

export type RestoreSummary = {
  /** The backup's schema, as its header names it. */
  schema: string;
  tables: Array<{ name: string; rows: number }>;
};

/**
 * Restores a backup into an empty database at the same schema version, in one transaction:
 * on any error, or a file cut short before its COMMIT, nothing is changed. The guard at the top
 * of the file refuses a database that holds data or has another schema version.
 */
export async function restoreBackup(db: Database, file: string): Promise<RestoreSummary> {
  const schema = await readBackupSchema(file);
  try {
    await db.transaction(async (tx) => {
      let isCommitted = false;
      for await (const statement of readStatements(file)) {
        if (isCommitted) throw new BackupError('the backup file has statements after its COMMIT.');
        const keyword = firstKeyword(statement);
        // The file's own transaction is this one: its BEGIN and COMMIT only mark the bounds.
        if (keyword === 'BEGIN') continue;
        if (keyword === 'COMMIT') {
          isCommitted = true;
          continue;
        }
        await tx.execute(sql.raw(statement));
      }
      if (!isCommitted) {
        throw new BackupError('the backup file is incomplete (it ends before its COMMIT).');
      }
    });
  } catch (error) {
    throw new BackupError(`Nothing was restored: ${databaseMessage(error)}`);
  }
  const tables = [];
  for (const table of inForeignKeyOrder(await listTables(db))) {
    const [row] = await rowsOf<{ rows: number }>(
      db,
      `SELECT count(*)::int AS rows FROM ${qualified(table.name)}`,
    );
    tables.push({ name: table.name, rows: row?.rows ?? 0 });
  }
  return { schema, tables };
}

/** The latest migration applied, or null for a database Shabaash has never migrated. */
export async function readSchemaVersion(db: Queryable): Promise<SchemaVersion | null> {
  const [exists] = await rowsOf<{ present: boolean }>(
    db,
    `SELECT to_regclass('${MIGRATIONS_TABLE}') IS NOT NULL AS present`,
  );
  if (!exists?.present) return null;
  const [latest] = await rowsOf<{ migrated_at: string | null }>(
    db,
    `SELECT max(created_at)::text AS migrated_at FROM ${MIGRATIONS_TABLE}`,
  );
  if (!latest?.migrated_at) return null;
  return { migratedAt: latest.migrated_at, tag: migrationTag(latest.migrated_at) };
}

/** The migration's file name from the journal, so a person can tell versions apart. */
function migrationTag(migratedAt: string): string {
  const journalFile = path.join(import.meta.dirname, 'migrations/meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((entry) => String(entry.when) === migratedAt)?.tag ?? 'unknown';
}

// ── reading the catalog ────────────────────────────────────────────────────────────────────

async function listTables(db: Queryable): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string; identity: string }>(
    db,
    `SELECT c.relname AS table_name, a.attname AS column_name, a.attidentity AS identity
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = '${SCHEMA}' AND c.relkind = 'r'
       AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    `SELECT c.relname AS table_name, a.attname AS column_name
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE n.nspname = '${SCHEMA}' AND i.indisprimary
     ORDER BY c.relname, k.position`,
  );
  const references = await rowsOf<{ table_name: string; parent_name: string }>(
    db,
    `SELECT child.relname AS table_name, parent.relname AS parent_name
     FROM pg_constraint con
     JOIN pg_class child ON child.oid = con.conrelid
     JOIN pg_class parent ON parent.oid = con.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE con.contype = 'f' AND n.nspname = '${SCHEMA}'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? {
      name: column.table_name,
      columns: [],
      primaryKey: [],
      hasAlwaysIdentity: false,
      parents: [],
    };
    table.columns.push(column.column_name);
    if (column.identity === 'a') table.hasAlwaysIdentity = true;
    tables.set(column.table_name, table);
  }
  for (const key of keys) tables.get(key.table_name)?.primaryKey.push(key.column_name);
  for (const reference of references) {
    // A table referencing itself orders its own rows by primary key; it is no dependency.
    if (reference.parent_name === reference.table_name) continue;
    tables.get(reference.table_name)?.parents.push(reference.parent_name);
  }
  return [...tables.values()];
}

/** Parents before children, alphabetical otherwise, so inserts never break a foreign key. */
function inForeignKeyOrder(tables: TableInfo[]): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let remaining = [...tables].sort((a, b) => (a.name < b.name ? -1 : 1));
  while (remaining.length > 0) {
    const ready = remaining.filter((table) => table.parents.every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      const names = remaining.map((table) => table.name).join(', ');
      throw new BackupError(`Foreign keys form a cycle between ${names}; cannot order a restore.`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/**
 * Triggers we wrote (not the ones PostgreSQL makes for foreign keys). They are off while rows
 * are restored: `supporter_totals` is restored as it was, and the donations trigger firing on
 * each restored donation would count every tip twice. Disabling a table's trigger needs only
 * ownership of the table, unlike `session_replication_role`, which needs a superuser.
 */
async function listUserTriggers(db: Queryable) {
  return rowsOf<{ table: string; trigger: string }>(
    db,
    `SELECT c.relname AS table, t.tgname AS trigger
     FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE NOT t.tgisinternal AND n.nspname = '${SCHEMA}' AND c.relkind = 'r'
     ORDER BY c.relname, t.tgname`,
  );
}

async function readSequences(db: Queryable) {
  const sequences = await rowsOf<{ name: string }>(
    db,
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = '${SCHEMA}' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const positions = [];
  for (const { name } of sequences) {
    const [position] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      `SELECT last_value::text AS last_value, is_called FROM ${qualified(name)}`,
    );
    if (!position) continue;
    positions.push({ name, lastValue: position.last_value, isCalled: position.is_called });
  }
  return positions;
}

// ── writing ────────────────────────────────────────────────────────────────────────────────

function backupHeader(version: SchemaVersion, source: string, tables: TableInfo[]): string {
  const guard = [
    'DO $$',
    'DECLARE database_version bigint; table_name text; has_rows boolean;',
    'BEGIN',
    `  IF to_regclass('${MIGRATIONS_TABLE}') IS NULL THEN`,
    `    RAISE EXCEPTION ${sqlString(
      'This database has no Shabaash schema: restore with npm run admin -- restore, which creates it.',
    )};`,
    '  END IF;',
    `  SELECT max(created_at) INTO database_version FROM ${MIGRATIONS_TABLE};`,
    `  IF database_version IS DISTINCT FROM ${version.migratedAt} THEN`,
    `    RAISE EXCEPTION ${sqlString(
      `This backup is of schema ${version.tag} (migration ${version.migratedAt}) but this ` +
        'database is at migration %: restore it with the Shabaash version that made it.',
    )}, database_version;`,
    '  END IF;',
    `  FOREACH table_name IN ARRAY ARRAY[${tables.map((table) => sqlString(table.name)).join(', ')}] LOOP`,
    `    EXECUTE format('SELECT EXISTS (SELECT FROM ${ident(SCHEMA)}.%I)', table_name) INTO has_rows;`,
    '    IF has_rows THEN',
    `      RAISE EXCEPTION ${sqlString(
      'This database already holds data (table % has rows): restore into a fresh DATA_DIR ' +
        'or an empty database.',
    )}, table_name;`,
    '    END IF;',
    '  END LOOP;',
    'END $$;',
  ];
  return [
    BACKUP_MAGIC,
    `-- Format: ${BACKUP_FORMAT}`,
    `-- Schema: ${version.tag} (migration ${version.migratedAt})`,
    `-- Taken: ${new Date().toISOString()} from ${source === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL'}`,
    '--',
    '-- The database only. Voice messages and uploaded images are files (DATA_DIR/uploads, or',
    '-- the S3 bucket): back them up separately.',
    '--',
    '-- Restore into an empty database of the same Shabaash version:',
    '--   npm run admin -- restore <this file>',
    '-- or, into a database `npm run admin -- migrate` has just created:',
    '--   psql -v ON_ERROR_STOP=1 -f <this file> <database>',
    '',
    "SET client_encoding = 'UTF8';",
    'BEGIN;',
    // Literals below are standard strings: a backslash is just a backslash.
    'SET LOCAL standard_conforming_strings = on;',
    "SET LOCAL DateStyle = 'ISO, YMD';",
    "SET LOCAL TimeZone = 'UTC';",
    "SET LOCAL IntervalStyle = 'postgres';",
    '',
    '-- Refuses a database that holds data or has another schema version.',
    ...guard,
    '',
    '',
  ].join('\n');
}

/**
 * Streams one table's rows through a cursor, ordered by primary key. The database renders each
 * value as text (exact for bigints, numerics and microsecond timestamps, which JavaScript
 * numbers and Dates would round); we only wrap it in a standard SQL string literal.
 */
async function writeTableRows(
  db: Queryable,
  table: TableInfo,
  write: (text: string) => Promise<unknown>,
): Promise<number> {
  const selectList = table.columns
    .map((column, index) => `${ident(column)}::text AS c${index}`)
    .join(', ');
  const orderBy =
    table.primaryKey.length > 0 ? table.primaryKey.map(ident).join(', ') : 'row_value::text';
  await db.execute(
    sql.raw(
      `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${selectList} ` +
        `FROM ${qualified(table.name)} AS row_value ORDER BY ${orderBy}`,
    ),
  );
  const insert =
    `INSERT INTO ${qualified(table.name)} (${table.columns.map(ident).join(', ')})` +
    `${table.hasAlwaysIdentity ? ' OVERRIDING SYSTEM VALUE' : ''} VALUES\n`;
  await write(`-- Table ${table.name}\n`);
  let count = 0;
  for (;;) {
    const rows = await rowsOf<Record<string, string | null>>(
      db,
      `FETCH ${ROWS_PER_STATEMENT} FROM backup_rows`,
    );
    if (rows.length === 0) break;
    const values = rows.map(
      (row) => `(${table.columns.map((_, index) => sqlValue(row[`c${index}`])).join(', ')})`,
    );
    await write(`${insert}${values.join(',\n')};\n`);
    count += rows.length;
  }
  await db.execute(sql.raw('CLOSE backup_rows'));
  await write(`-- ${count} ${count === 1 ? 'row' : 'rows'}\n\n`);
  return count;
}

/** A standard SQL string literal (standard_conforming_strings on): only quotes are doubled. */
function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function sqlValue(text: string | null | undefined): string {
  return text === null || text === undefined ? 'NULL' : sqlString(text);
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function qualified(table: string): string {
  return `${ident(SCHEMA)}.${ident(table)}`;
}

// ── reading a backup file ──────────────────────────────────────────────────────────────────

/** Checks the file is a backup this version can read; returns the schema its header names. */
async function readBackupSchema(file: string): Promise<string> {
  let head: string;
  try {
    const handle = await fs.promises.open(file, 'r');
    try {
      const buffer = Buffer.alloc(1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const [magic, format, schema] = head.split('\n');
  if (magic !== BACKUP_MAGIC) {
    throw new BackupError(
      `${file} is not a Shabaash backup (its first line is not "${BACKUP_MAGIC}").`,
    );
  }
  if (format !== `-- Format: ${BACKUP_FORMAT}`) {
    throw new BackupError(`${file} is a backup in a format this version cannot read (${format}).`);
  }
  return schema?.replace(/^-- Schema: /, '') ?? 'unknown';
}

/**
 * The file's statements, one at a time, so a large backup never sits in memory whole. Splits
 * at semicolons outside string literals, quoted identifiers, comments and $$ bodies: the only
 * constructs a backup contains.
 */
export async function* readStatements(file: string): AsyncGenerator<string> {
  const splitter = new StatementSplitter();
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8' })) {
    yield* splitter.push(chunk as string);
  }
  if (splitter.end()) {
    throw new BackupError('the backup file is incomplete (it ends in the middle of a statement).');
  }
}

class StatementSplitter {
  private text = '';
  private position = 0;
  private state: 'code' | 'string' | 'identifier' | 'comment' | 'dollar' = 'code';

  push(chunk: string): string[] {
    this.text += chunk;
    return this.scan(false);
  }

  /** What is left once the file has ended: part of a statement, or nothing. */
  end(): string {
    this.scan(true);
    return withoutLeadingComments(this.text).trim() === '' ? '' : this.text.trim();
  }

  private scan(isFinal: boolean): string[] {
    const statements: string[] = [];
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      const next = this.text[this.position + 1];
      // Two-character tokens: wait for the next chunk rather than misread a split one.
      if (next === undefined && !isFinal && (char === '-' || char === '$')) break;
      if (this.state === 'code') {
        if (char === "'") this.state = 'string';
        else if (char === '"') this.state = 'identifier';
        else if (char === '-' && next === '-') this.state = 'comment';
        else if (char === '$' && next === '$') {
          this.state = 'dollar';
          this.position += 1;
        } else if (char === ';') {
          const statement = this.text.slice(0, this.position + 1).trim();
          this.text = this.text.slice(this.position + 1);
          this.position = 0;
          if (withoutLeadingComments(statement).trim() !== ';') statements.push(statement);
          continue;
        }
      } else if (this.state === 'string') {
        // A doubled quote closes and reopens the literal: the same as staying inside it.
        if (char === "'") this.state = 'code';
      } else if (this.state === 'identifier') {
        if (char === '"') this.state = 'code';
      } else if (this.state === 'comment') {
        if (char === '\n') this.state = 'code';
      } else if (char === '$' && next === '$') {
        this.state = 'code';
        this.position += 1;
      }
      this.position += 1;
    }
    return statements;
  }
}

/** Drops the `--` comment lines before a statement (a backup writes comments only there). */
function withoutLeadingComments(text: string): string {
  return text.replace(/^(?:\s*--[^\n]*(?:\n|$))*/, '');
}

function firstKeyword(statement: string): string {
  return /^\s*([A-Za-z]+)/.exec(withoutLeadingComments(statement))?.[1]?.toUpperCase() ?? '';
}

/** PostgreSQL's own message, not drizzle's "Failed query: <the whole statement>" wrapper. */
function databaseMessage(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Both drivers answer `{ rows }`; drizzle types the raw result as unknown. */
async function rowsOf<Row>(db: Queryable, statement: string): Promise<Row[]> {
  const result = (await db.execute(sql.raw(statement))) as unknown as { rows: Row[] };
  return result.rows;
}
