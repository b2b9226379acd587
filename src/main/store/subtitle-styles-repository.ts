import { DubDeskError } from '../../shared/errors.js';
import {
  BUILTIN_SUBTITLE_STYLES,
  completeLook,
  DEFAULT_SUBTITLE_STYLE_ID,
  type SubtitleLook,
  type SubtitleStyle,
} from '../../shared/schemas/subtitle-styles.js';
import { readJson, type SqlClient } from './sql.js';

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
    ...completeLook(readJson<Partial<SubtitleLook>>(row.settings_json, {})),
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
  };
}

function refuseBuiltin(id: string, action: string): void {
  if (builtins.has(id))
    throw new DubDeskError(
      'conflict',
      `Subtitle style ${id} is built in and cannot be ${action}; create a style of your own instead.`,
    );
}

/** Built-in styles (read-only, from code) and the user's own styles (stored), behind one lookup. */
export function createSubtitleStylesRepository(db: SqlClient) {
  return {
    /** Built-in styles first, then the user's in creation order. */
    async list(): Promise<SubtitleStyle[]> {
      return [
        ...BUILTIN_SUBTITLE_STYLES,
        ...(await db.all<Record<string, unknown>>('SELECT * FROM subtitle_styles ORDER BY created_at, id')).map(
          fromRow,
        ),
      ];
    },
    async get(id: string): Promise<SubtitleStyle | undefined> {
      const builtin = builtins.get(id);
      if (builtin) return builtin;
      const row = await db.get<Record<string, unknown>>('SELECT * FROM subtitle_styles WHERE id = $1', [id]);
      return row ? fromRow(row) : undefined;
    },
    /** The style a job renders with: the named one, or builtin:default when none is named. */
    async resolve(id: string | undefined): Promise<SubtitleStyle> {
      const style = await this.get(id ?? DEFAULT_SUBTITLE_STYLE_ID);
      if (!style)
        throw new DubDeskError(
          'not_found',
          `Subtitle style ${id} does not exist; GET /v1/subtitle_styles lists the styles there are.`,
        );
      return style;
    },
    async insert(input: SubtitleStyleInput, now = Date.now()): Promise<SubtitleStyle> {
      refuseBuiltin(input.id, 'replaced');
      await db.run(
        'INSERT INTO subtitle_styles (id, name, settings_json, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
        [input.id, input.name, JSON.stringify(input.look), now],
      );
      return (await this.get(input.id))!;
    },
    /** Replaces a user style's name and settings; undefined when there is no such style. */
    async update(input: SubtitleStyleInput, now = Date.now()): Promise<SubtitleStyle | undefined> {
      refuseBuiltin(input.id, 'changed');
      await db.run('UPDATE subtitle_styles SET name = $2, settings_json = $3, updated_at = $4 WHERE id = $1', [
        input.id,
        input.name,
        JSON.stringify(input.look),
        now,
      ]);
      return this.get(input.id);
    },
    async delete(id: string): Promise<boolean> {
      refuseBuiltin(id, 'deleted');
      return (await db.run('DELETE FROM subtitle_styles WHERE id = $1', [id])) > 0;
    },
  };
}
