import { DubDeskError } from '../../shared/errors.js';
import {
  BUILTIN_SUBTITLE_STYLES,
  completeLook,
  DEFAULT_SUBTITLE_STYLE_ID,
  type SubtitleLook,
  type SubtitleStyle,
} from '../../shared/schemas/subtitle-styles.js';
import type { Db } from './database.js';

export type SubtitleStylesRepository = ReturnType<typeof createSubtitleStylesRepository>;

export interface SubtitleStyleInput {
  id: string;
  name: string;
  look: SubtitleLook;
}

const builtins = new Map(BUILTIN_SUBTITLE_STYLES.map((style) => [style.id, style]));

function fromRow(row: Record<string, unknown>): SubtitleStyle {
  return {
    id: row.id as string,
    name: row.name as string,
    builtin: false,
    ...completeLook(JSON.parse(row.settings_json as string) as Partial<SubtitleLook>),
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
  };
}

function refuseBuiltin(id: string, action: string): void {
  if (builtins.has(id)) throw new DubDeskError('conflict', `Subtitle style ${id} is built in and cannot be ${action}; create a style of your own instead.`);
}

/** Built-in styles (read-only, from code) and the user's own styles (stored), behind one lookup. */
export function createSubtitleStylesRepository(db: Db) {
  const statements = {
    insert: db.prepare('INSERT INTO subtitle_styles (id, name, settings_json, created_at, updated_at) VALUES (@id, @name, @settings, @now, @now)'),
    update: db.prepare('UPDATE subtitle_styles SET name = @name, settings_json = @settings, updated_at = @now WHERE id = @id'),
    get: db.prepare('SELECT * FROM subtitle_styles WHERE id = ?'),
    list: db.prepare('SELECT * FROM subtitle_styles ORDER BY created_at, id'),
    delete: db.prepare('DELETE FROM subtitle_styles WHERE id = ?'),
  };
  return {
    /** Built-in styles first, then the user's in creation order. */
    list(): SubtitleStyle[] {
      return [...BUILTIN_SUBTITLE_STYLES, ...(statements.list.all() as Array<Record<string, unknown>>).map(fromRow)];
    },
    get(id: string): SubtitleStyle | undefined {
      const builtin = builtins.get(id);
      if (builtin) return builtin;
      const row = statements.get.get(id) as Record<string, unknown> | undefined;
      return row ? fromRow(row) : undefined;
    },
    /** The style a job renders with: the named one, or builtin:default when none is named. */
    resolve(id: string | undefined): SubtitleStyle {
      const style = this.get(id ?? DEFAULT_SUBTITLE_STYLE_ID);
      if (!style) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist; GET /v1/subtitle_styles lists the styles there are.`);
      return style;
    },
    insert(input: SubtitleStyleInput, now = Date.now()): SubtitleStyle {
      refuseBuiltin(input.id, 'replaced');
      statements.insert.run({ id: input.id, name: input.name, settings: JSON.stringify(input.look), now });
      return this.get(input.id)!;
    },
    /** Replaces a user style's name and settings; undefined when there is no such style. */
    update(input: SubtitleStyleInput, now = Date.now()): SubtitleStyle | undefined {
      refuseBuiltin(input.id, 'changed');
      statements.update.run({ id: input.id, name: input.name, settings: JSON.stringify(input.look), now });
      return this.get(input.id);
    },
    delete(id: string): boolean {
      refuseBuiltin(id, 'deleted');
      return statements.delete.run(id).changes > 0;
    },
  };
}
