import type { Database } from './client.ts';

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * A hot statement whose SQL drizzle builds once per database handle; each call then only binds
 * its values (`sql.placeholder`). Building a wide select's SQL cost about as much CPU as
 * PostgreSQL took to run it (issue 25's throughput profile: a fifth of the server's time went to
 * building SQL). The empty name leaves naming the statement in PostgreSQL to the connection
 * (`openPool`), which knows whether a pooler allows it.
 */
export function preparedOnce<Statement extends Prepared>(
  build: (db: Database) => { prepare(name: string): Statement },
): (db: Database, values: Record<string, unknown>) => ReturnType<Statement['execute']> {
  const statements = new WeakMap<Database, Statement>();
  return (db, values) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db).prepare('');
      statements.set(db, statement);
    }
    return statement.execute(values) as ReturnType<Statement['execute']>;
  };
}
