import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** An episode as the audit log names it: "Series title, episode N". */
export async function episodeName(db: Executor, episodeId: number): Promise<string> {
  const { rows } = await sql<{ title: string; number: number }>`
    SELECT COALESCE(t.title, '(untitled)') AS title, e.number
    FROM episodes e LEFT JOIN series_translations t ON t.series_id = e.series_id AND t.language = 'en'
    WHERE e.id = ${episodeId}`.execute(db);
  return rows[0] ? `${rows[0].title}, episode ${rows[0].number}` : `episode ${episodeId}`;
}
