import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { StrictObject, StringEnum } from '../../../shared/schemas/common.js';
import { KEY_ROLES, type ApiKeyRecord, type KeysRepository } from '../../store/keys-repository.js';
import type { App } from '../app-types.js';

const Role = StringEnum(KEY_ROLES, {
  description: 'admin: everything; jobs (the default): jobs, files, and reading voices, styles, glossaries and models',
});
const KeyProperties = {
  key_id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the secret, to tell keys apart.' }),
  role: Role,
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  revoked_at: Type.Union([Type.String(), Type.Null()], {
    description: 'Set once the key is revoked; it then no longer works.',
  }),
};
const KeyRecord = Type.Object(KeyProperties, { $id: 'ApiKeyRecord' });
const KeyList = Type.Object({ keys: Type.Array(KeyRecord) }, { $id: 'ApiKeyList' });
const CreatedKey = Type.Object(
  {
    ...KeyProperties,
    key: Type.String({
      description: 'The secret, shown only in this answer: send it as `Authorization: Bearer <key>`.',
    }),
  },
  { $id: 'CreatedApiKey' },
);
const CreateKeyBody = StrictObject(
  { name: Type.String({ minLength: 1, maxLength: 100 }), role: Type.Optional(Role) },
  { $id: 'CreateApiKeyBody' },
);
const KeyIdParams = Type.Object({ key_id: Type.String({ minLength: 1, maxLength: 64 }) });
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function present(record: ApiKeyRecord) {
  return {
    key_id: record.id,
    name: record.name,
    prefix: record.prefix,
    role: record.role,
    created_at: iso(record.createdAt)!,
    last_used_at: iso(record.lastUsedAt),
    revoked_at: iso(record.revokedAt),
  };
}

export interface KeyRoutesOptions {
  keys: KeysRepository;
}

/** API keys for the Settings page and scripts: the secret is shown once, at creation; only hashes are stored. Admin keys only. */
export async function keyRoutes(app: App, { keys }: KeyRoutesOptions): Promise<void> {
  app.get(
    '/v1/keys',
    {
      schema: { response: { 200: KeyList } },
      config: {
        operationId: 'listApiKeys',
        summary: 'List API keys',
        description:
          'Every stored key, revoked ones included, with its name, prefix, role and dates; never the secret itself.',
        role: 'admin',
      },
    },
    async () => ({ keys: (await keys.list()).map(present) }),
  );

  app.post(
    '/v1/keys',
    {
      schema: { body: CreateKeyBody, response: { 200: CreatedKey } },
      config: {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          'Makes a new key with role `jobs` unless `admin` is asked (docs/api.md "Keys and roles"). ' +
          'The secret `key` is in this answer only (the service keeps a hash): store it now.',
        role: 'admin',
      },
    },
    async (request) => {
      const { key, record } = await keys.create(request.body.name, request.body.role ?? 'jobs');
      return { ...present(record), key };
    },
  );

  app.delete(
    '/v1/keys/:key_id',
    {
      schema: { params: KeyIdParams },
      config: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description:
          'The key stops working at once and the answer is 204; its record stays in the list with `revoked_at`. ' +
          'An unknown or already revoked key answers `not_found`.',
        role: 'admin',
        responseContent: { 204: {} },
      },
    },
    async (request, reply) => {
      if (!(await keys.list()).some((key) => key.id === request.params.key_id && key.revokedAt === null)) {
        throw new DubDeskError('not_found', `API key ${request.params.key_id} does not exist or is already revoked.`);
      }
      await keys.revoke(request.params.key_id);
      return reply.status(204).send();
    },
  );
}
