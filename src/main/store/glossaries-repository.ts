import { readJson, type SqlClient } from './sql.js';

export interface GlossaryEntry {
  source: string;
  target: string;
}

export interface Glossary {
  id: string;
  name: string;
  sourceLanguage: string;
  targetLanguage: string;
  entries: GlossaryEntry[];
  createdAt: number;
  updatedAt: number;
}

export type GlossariesRepository = ReturnType<typeof createGlossariesRepository>;

function fromRow(row: Record<string, unknown>): Glossary {
  return {
    id: row.id as string,
    name: row.name as string,
    sourceLanguage: row.source_language as string,
    targetLanguage: row.target_language as string,
    entries: readJson<GlossaryEntry[]>(row.entries_json, []),
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
  };
}

/** Term lists per language pair; translation engines enforce them, requests only reference them. */
export function createGlossariesRepository(db: SqlClient) {
  const fields = (glossary: Omit<Glossary, 'createdAt' | 'updatedAt'>, now: number) => [
    glossary.id,
    glossary.name,
    glossary.sourceLanguage,
    glossary.targetLanguage,
    JSON.stringify(glossary.entries),
    now,
  ];
  return {
    async insert(glossary: Omit<Glossary, 'createdAt' | 'updatedAt'>, now = Date.now()): Promise<Glossary> {
      await db.run(
        'INSERT INTO glossaries (id, name, source_language, target_language, entries_json, ' +
          'created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
        fields(glossary, now),
      );
      return (await this.get(glossary.id))!;
    },
    async update(glossary: Omit<Glossary, 'createdAt' | 'updatedAt'>, now = Date.now()): Promise<Glossary | undefined> {
      await db.run(
        'UPDATE glossaries SET name = $2, source_language = $3, target_language = $4, entries_json = $5, updated_at = $6 WHERE id = $1',
        fields(glossary, now),
      );
      return this.get(glossary.id);
    },
    async get(id: string): Promise<Glossary | undefined> {
      const row = await db.get<Record<string, unknown>>('SELECT * FROM glossaries WHERE id = $1', [id]);
      return row ? fromRow(row) : undefined;
    },
    async list(): Promise<Glossary[]> {
      return (await db.all<Record<string, unknown>>('SELECT * FROM glossaries ORDER BY created_at')).map(fromRow);
    },
    async delete(id: string): Promise<boolean> {
      return (await db.run('DELETE FROM glossaries WHERE id = $1', [id])) > 0;
    },
  };
}
