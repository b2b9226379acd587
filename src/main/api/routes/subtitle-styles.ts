// /v1/subtitle_styles: the built-in styles (read-only) and CRUD for the user's own.
import { DubDeskError } from '../../../shared/errors.js';
import { ErrorBodySchema } from '../../../shared/schemas/common.js';
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

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export async function subtitleStyleRoutes(app: App, { styles }: SubtitleStyleRoutesOptions): Promise<void> {
  const find = (id: string) => {
    const style = styles.get(id);
    if (!style) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist.`);
    return style;
  };

  app.get('/v1/subtitle_styles', {
    config: { summary: 'List subtitle styles: the built-in ones first, then your own.' },
    schema: { response: { 200: SubtitleStyleList } },
  }, async () => ({ subtitle_styles: styles.list().map(toSubtitleStyleRecord) }));

  app.post('/v1/subtitle_styles', {
    config: { summary: 'Create a subtitle style; settings left out take the default style\'s values.', role: 'admin' },
    schema: { body: SubtitleStyleBody, response: { 200: SubtitleStyleRecord, ...errors } },
  }, async (request) => toSubtitleStyleRecord(styles.insert({ id: newId(), name: request.body.name, look: lookFromBody(request.body) })));

  app.get('/v1/subtitle_styles/:subtitle_style_id', {
    config: { summary: 'One subtitle style.' },
    schema: { params: SubtitleStyleIdParams, response: { 200: SubtitleStyleRecord, ...errors } },
  }, async (request) => toSubtitleStyleRecord(find(request.params.subtitle_style_id)));

  app.put('/v1/subtitle_styles/:subtitle_style_id', {
    config: { summary: 'Replace a subtitle style of your own (built-in styles are read-only: 409).', role: 'admin' },
    schema: { params: SubtitleStyleIdParams, body: SubtitleStyleBody, response: { 200: SubtitleStyleRecord, ...errors } },
  }, async (request) => {
    const id = request.params.subtitle_style_id;
    const updated = styles.update({ id, name: request.body.name, look: lookFromBody(request.body) });
    if (!updated) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist.`);
    return toSubtitleStyleRecord(updated);
  });

  app.delete('/v1/subtitle_styles/:subtitle_style_id', {
    config: { summary: 'Delete a subtitle style of your own (built-in styles are read-only: 409).', role: 'admin' },
    schema: { params: SubtitleStyleIdParams },
  }, async (request, reply) => {
    const id = request.params.subtitle_style_id;
    if (!styles.delete(id)) throw new DubDeskError('not_found', `Subtitle style ${id} does not exist.`);
    return reply.status(204).send();
  });
}
