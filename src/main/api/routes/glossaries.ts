import { Type, type Static } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import { StrictObject } from '../../../shared/schemas/common.js';
import { newId } from '../../ids.js';
import type { GlossariesRepository, Glossary } from '../../store/glossaries-repository.js';
import type { App } from '../app-types.js';

const LanguageCode = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]+)*$' });
const GlossaryBody = StrictObject(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    source_language: LanguageCode,
    target_language: LanguageCode,
    entries: Type.Array(
      StrictObject({ source: Type.String({ minLength: 1, maxLength: 500 }), target: Type.String({ maxLength: 500 }) }),
      { maxItems: 10_000 },
    ),
  },
  { $id: 'GlossaryBody' },
);
type GlossaryBody = Static<typeof GlossaryBody>;
const GlossaryRecord = Type.Object(
  {
    glossary_id: Type.String(),
    name: Type.String(),
    source_language: Type.String(),
    target_language: Type.String(),
    entries: Type.Array(Type.Object({ source: Type.String(), target: Type.String() })),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'GlossaryRecord' },
);
const Params = Type.Object({ glossary_id: Type.String({ minLength: 1, maxLength: 64 }) });

function present(glossary: Glossary) {
  return {
    glossary_id: glossary.id,
    name: glossary.name,
    source_language: glossary.sourceLanguage,
    target_language: glossary.targetLanguage,
    entries: glossary.entries,
    created_at: new Date(glossary.createdAt).toISOString(),
    updated_at: new Date(glossary.updatedAt).toISOString(),
  };
}

function fields(body: GlossaryBody) {
  for (const field of ['source_language', 'target_language'] as const) {
    if (!findLanguage(body[field]))
      throw new DubDeskError('unsupported_language', `${field} '${body[field]}' is not a supported language.`);
  }
  return {
    name: body.name,
    sourceLanguage: body.source_language,
    targetLanguage: body.target_language,
    entries: body.entries,
  };
}

export interface GlossaryRoutesOptions {
  glossaries: GlossariesRepository;
}

/** Glossaries: term lists referenced by glossary_ids in translate requests. */
export async function glossaryRoutes(app: App, { glossaries }: GlossaryRoutesOptions): Promise<void> {
  const find = async (id: string) => {
    const glossary = await glossaries.get(id);
    if (!glossary) throw new DubDeskError('not_found', `Glossary ${id} does not exist.`);
    return glossary;
  };
  app.get(
    '/v1/glossaries',
    {
      schema: { response: { 200: Type.Object({ glossaries: Type.Array(GlossaryRecord) }) } },
      config: {
        operationId: 'listGlossaries',
        summary: 'List glossaries',
        description: 'Every glossary with its terms. A job names up to 3 in `glossary_ids`.',
      },
    },
    async () => ({ glossaries: (await glossaries.list()).map(present) }),
  );
  app.post(
    '/v1/glossaries',
    {
      schema: { body: GlossaryBody, response: { 200: GlossaryRecord } },
      config: {
        operationId: 'createGlossary',
        summary: 'Create a glossary',
        role: 'admin',
        errors: ['unsupported_language'],
        description:
          'A named list of source terms and the target terms they must be translated to, for one ' +
          'language pair. Jobs copy it when they are created.',
      },
    },
    async (request) => present(await glossaries.insert({ id: newId(), ...fields(request.body) })),
  );
  app.get(
    '/v1/glossaries/:glossary_id',
    {
      schema: { params: Params, response: { 200: GlossaryRecord } },
      config: { operationId: 'getGlossary', summary: 'One glossary', description: 'The glossary with all its terms.' },
    },
    async (request) => present(await find(request.params.glossary_id)),
  );
  app.put(
    '/v1/glossaries/:glossary_id',
    {
      schema: { params: Params, body: GlossaryBody, response: { 200: GlossaryRecord } },
      config: {
        operationId: 'replaceGlossary',
        summary: 'Replace a glossary',
        role: 'admin',
        errors: ['unsupported_language'],
        description: 'Replaces the name, languages and every term. Jobs already created keep the copy they took.',
      },
    },
    async (request) => {
      await find(request.params.glossary_id);
      return present((await glossaries.update({ id: request.params.glossary_id, ...fields(request.body) }))!);
    },
  );
  app.delete(
    '/v1/glossaries/:glossary_id',
    {
      schema: { params: Params },
      config: {
        operationId: 'deleteGlossary',
        summary: 'Delete a glossary',
        role: 'admin',
        responseContent: { 204: {} },
        description: 'Deletes the glossary; jobs already created keep the copy they took.',
      },
    },
    async (request, reply) => {
      await find(request.params.glossary_id);
      await glossaries.delete(request.params.glossary_id);
      return reply.status(204).send();
    },
  );
}
