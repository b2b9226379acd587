import type { Db } from './database.js';

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
    entries: JSON.parse(row.entries_json as string) as GlossaryEntry[],
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
  };
}

/** Term lists per language pair; translation engines enforce them, requests only reference them. */
export function createGlossariesRepository(db: Db) {
  const statements = {
    insert: db.prepare('INSERT INTO glossaries (id, name, source_language, target_language, entries_json, created_at, updated_at) VALUES (@id, @name, @sourceLanguage, @targetLanguage, @entries, @now, @now)'),
    update: db.prepare('UPDATE glossaries SET name = @name, source_language = @sourceLanguage, target_language = @targetLanguage, entries_json = @entries, updated_at = @now WHERE id = @id'),
    get: db.prepare('SELECT * FROM glossaries WHERE id = ?'),
    list: db.prepare('SELECT * FROM glossaries ORDER BY created_at'),
    delete: db.prepare('DELETE FROM glossaries WHERE id = ?'),
  };
  return {
    insert(glossary: Omit<Glossary, 'createdAt' | 'updatedAt'>, now = Date.now()): Glossary {
      statements.insert.run({ ...glossary, entries: JSON.stringify(glossary.entries), now });
      return this.get(glossary.id)!;
    },
    update(glossary: Omit<Glossary, 'createdAt' | 'updatedAt'>, now = Date.now()): Glossary | undefined {
      statements.update.run({ ...glossary, entries: JSON.stringify(glossary.entries), now });
      return this.get(glossary.id);
    },
    get(id: string): Glossary | undefined {
      const row = statements.get.get(id) as Record<string, unknown> | undefined;
      return row ? fromRow(row) : undefined;
    },
    list(): Glossary[] {
      return (statements.list.all() as Array<Record<string, unknown>>).map(fromRow);
    },
    delete(id: string): boolean {
      return statements.delete.run(id).changes > 0;
    },
  };
}
