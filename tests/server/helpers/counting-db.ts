import type { Queryable } from '../../../server/db/client';

/** The database, counting the statements that reach it. */
export function counting(db: Queryable): Queryable & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    query<T>(sql: string, params?: readonly unknown[]) {
      statements.push(sql);
      return db.query<T>(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
}
