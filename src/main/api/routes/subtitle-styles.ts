// /v1/subtitle_styles: the built-in styles (read-only) and CRUD for the user's own.
import { DubDeskError } from '../../../shared/errors.js';
import {
  lookFromBody,
  SubtitleStyleBody,
  SubtitleStyleIdParams,
  SubtitleStyleList,
  SubtitleStyleRecord,
  toSubtitleStyleRecord,
} from '../../../shared/schemas/subtitle-styles.js';
import { newId } from '../../ids.js';
import type { SubtitleStylesRepository } from '../../store/subtitle-styles-repository.js';
import type { App } from '../app-types.js';

export interface SubtitleStyleRoutesOptions {
  styles: SubtitleStylesRepository;
}

export async function subtitleStyleRoutes(app: App, { styles }: SubtitleStyleRoutesOptions): Promise<void> {
  const find = async (id: string) => {
    const style = await styles.get(id);
    if (!style) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist.`);
    return style;
  };

  app.get(
    '/v1/subtitle_styles',
    {
      config: {
        operationId: 'listSubtitleStyles',
        summary: 'List subtitle styles',
        description: 'The built-in styles first, then your own. A translate job names one as `subtitle_style_id`.',
      },
      schema: { response: { 200: SubtitleStyleList } },
    },
    async () => ({ subtitle_styles: (await styles.list()).map(toSubtitleStyleRecord) }),
  );

  app.post(
    '/v1/subtitle_styles',
    {
      config: {
        operationId: 'createSubtitleStyle',
        summary: 'Create a subtitle style',
        role: 'admin',
        description:
          'A named look for burned-in and ASS subtitles (font, size, colours, outline, position); ' +
          "settings left out take the default style's values.",
      },
      schema: { body: SubtitleStyleBody, response: { 200: SubtitleStyleRecord } },
    },
    async (request) =>
      toSubtitleStyleRecord(
        await styles.insert({ id: newId(), name: request.body.name, look: lookFromBody(request.body) }),
      ),
  );

  app.get(
    '/v1/subtitle_styles/:subtitle_style_id',
    {
      config: {
        operationId: 'getSubtitleStyle',
        summary: 'One subtitle style',
        description: 'The style with all its settings.',
      },
      schema: { params: SubtitleStyleIdParams, response: { 200: SubtitleStyleRecord } },
    },
    async (request) => toSubtitleStyleRecord(await find(request.params.subtitle_style_id)),
  );

  app.put(
    '/v1/subtitle_styles/:subtitle_style_id',
    {
      config: {
        operationId: 'replaceSubtitleStyle',
        summary: 'Replace a subtitle style',
        role: 'admin',
        errors: ['conflict'],
        description:
          'Replaces a style of your own; built-in styles are read-only (`conflict`). Jobs already created keep the copy they took.',
      },
      schema: { params: SubtitleStyleIdParams, body: SubtitleStyleBody, response: { 200: SubtitleStyleRecord } },
    },
    async (request) => {
      const id = request.params.subtitle_style_id;
      const updated = await styles.update({ id, name: request.body.name, look: lookFromBody(request.body) });
      if (!updated) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist.`);
      return toSubtitleStyleRecord(updated);
    },
  );

  app.delete(
    '/v1/subtitle_styles/:subtitle_style_id',
    {
      config: {
        operationId: 'deleteSubtitleStyle',
        summary: 'Delete a subtitle style',
        role: 'admin',
        errors: ['conflict'],
        responseContent: { 204: {} },
        description: 'Deletes a style of your own; built-in styles are read-only (`conflict`).',
      },
      schema: { params: SubtitleStyleIdParams },
    },
    async (request, reply) => {
      const id = request.params.subtitle_style_id;
      if (!(await styles.delete(id))) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist.`);
      return reply.status(204).send();
    },
  );
}
