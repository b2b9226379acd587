// /v1/settings: what the Settings page shows of the running service; the translation engine settings, the local
// cache cap and the desktop app's update check can be changed.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { isUpdateCheckOn, UPDATE_CHECK_SETTING } from '../../../shared/ipc.js';
import { StrictObject, StringEnum } from '../../../shared/schemas/common.js';
import type { DubDeskConfig } from '../../config.js';
import { describeRefusal, literalAddress, refusedRange } from '../../files/address-policy.js';
import { localCacheLimit, LOCAL_CACHE_LIMIT_SETTING } from '../../files/local-cache.js';
import { TRANSLATION_ENGINE_CHOICES } from '../../engines/mt/preferred-translator.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import type { SettingsCache } from '../../store/settings-cache.js';
import type { App } from '../app-types.js';

/** What the engines read at use time (engines/engine-set.ts EngineSettings); the API key is write-only. */
const TranslationSettings = {
  translation_engine: StringEnum(TRANSLATION_ENGINE_CHOICES, {
    description:
      'auto: Bergamot for installed pairs, then the LLM endpoint when configured, then Apertium; or always the one named',
  }),
  llm_base_url: Type.String({
    maxLength: 2000,
    description: 'An OpenAI-compatible API, e.g. http://localhost:11434/v1 (Ollama); empty: no LLM engine',
  }),
  llm_model: Type.String({ maxLength: 200 }),
  llm_timeout_seconds: Type.Integer({ minimum: 5, maximum: 3600 }),
};
const DEFAULT_LLM_TIMEOUT_SECONDS = 120;

const TranslationSettingsSchema = Type.Object(
  {
    ...TranslationSettings,
    llm_api_key_set: Type.Boolean({
      description: 'Whether an LLM API key is stored; the key itself is never answered.',
    }),
  },
  { $id: 'TranslationSettings' },
);
/** With shared storage: the cap on this machine's local copies (files/local-cache.ts). */
const LocalCacheSettings = {
  local_cache_limit_bytes: Type.Integer({
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description:
      'With shared storage: the most bytes each machine keeps of its download cache and local work folders ' +
      '(default 20000000000, 20 GB); beyond it the least recently used go, never one a running task holds',
  }),
};
/** Read by the desktop app only (src/main/electron/updates); the headless service never updates itself. */
const UpdateSettings = {
  check_for_updates: Type.Boolean({
    description:
      'The desktop app checks GitHub Releases for a new version at start and once a day, downloads it in the ' +
      'background and offers a restart (default true). `dubdesk serve` never updates itself, whatever this says.',
  }),
};
/** What PUT /v1/settings changes, as it answers it. */
const ChangeableSettingsSchema = Type.Object(
  { ...TranslationSettingsSchema.properties, ...LocalCacheSettings, ...UpdateSettings },
  { $id: 'ChangeableSettings' },
);
const ServiceSettingsSchema = Type.Object(
  {
    version: Type.String(),
    base_url: Type.String({ description: 'The address this service answers on.' }),
    openapi_url: Type.String(),
    data_dir: Type.String({ description: 'The data folder: database, uploads, results, models and logs.' }),
    webhook_secret: Type.String({ description: 'The secret that signs every callback.' }),
    concurrency: Type.Integer({ description: 'How many tasks run at once.' }),
    ffmpeg_path: Type.String(),
    ffprobe_path: Type.String(),
    loudness_lufs: Type.Number({ description: 'The integrated loudness dubbed audio is brought to (EBU R128).' }),
    max_stretch: Type.Number({
      description: 'The largest time-stretch of a dubbed line before the timing fit slows the video or flags the line.',
    }),
    ...ChangeableSettingsSchema.properties,
  },
  { $id: 'ServiceSettings' },
);
const SettingsUpdateBody = StrictObject(
  {
    translation_engine: Type.Optional(TranslationSettings.translation_engine),
    llm_base_url: Type.Optional(TranslationSettings.llm_base_url),
    llm_model: Type.Optional(TranslationSettings.llm_model),
    llm_api_key: Type.Optional(
      Type.String({ maxLength: 1000, description: 'Write-only: GET answers llm_api_key_set. Empty removes it.' }),
    ),
    llm_timeout_seconds: Type.Optional(TranslationSettings.llm_timeout_seconds),
    local_cache_limit_bytes: Type.Optional(LocalCacheSettings.local_cache_limit_bytes),
    check_for_updates: Type.Optional(UpdateSettings.check_for_updates),
  },
  { $id: 'UpdateSettingsBody' },
);

export interface SettingsRoutesOptions {
  version: string;
  /** The base URL the request is answered with: the address it came to (docs/api.md "URLs"). */
  baseUrl: (request: FastifyRequest) => string;
  dataDir: string;
  webhookSecret: string;
  /** refusePrivateAddresses: the LLM endpoint obeys the address rules of callback_url. */
  config: Pick<DubDeskConfig, 'concurrency' | 'loudnessLufs' | 'maxStretch' | 'refusePrivateAddresses'>;
  media: Pick<MediaTools, 'ffmpeg' | 'ffprobe'>;
  /** Where the changeable settings live. */
  store: SettingsCache;
  /** Called with a new LLM API key, so the service log redacts it. */
  addSecret(value: string): void;
}

export async function settingsRoutes(app: App, options: SettingsRoutesOptions): Promise<void> {
  app.get(
    '/v1/settings',
    {
      schema: { response: { 200: ServiceSettingsSchema } },
      config: {
        operationId: 'getSettings',
        summary: "The service's settings",
        description:
          'What the Settings page shows: version, addresses, data folder, webhook signing secret, ' +
          'concurrency, tools and the translation engine settings. ' +
          'The LLM API key is never answered, only whether one is set (`llm_api_key_set`).',
        role: 'admin',
      },
    },
    async (request) => ({
      version: options.version,
      base_url: options.baseUrl(request),
      openapi_url: `${options.baseUrl(request)}/v1/openapi.json`,
      data_dir: options.dataDir,
      webhook_secret: options.webhookSecret,
      concurrency: options.config.concurrency,
      ffmpeg_path: options.media.ffmpeg,
      ffprobe_path: options.media.ffprobe,
      loudness_lufs: options.config.loudnessLufs,
      max_stretch: options.config.maxStretch,
      ...changeableSettings(options.store),
    }),
  );

  app.put(
    '/v1/settings',
    {
      schema: { body: SettingsUpdateBody, response: { 200: ChangeableSettingsSchema } },
      config: {
        operationId: 'updateSettings',
        summary: 'Change the translation engine settings, the local cache cap and the update check',
        description:
          'Changes the translation engine settings and answers them as they now are; fields left ' +
          'out stay as they are, and an empty `llm_api_key` removes the key. ' +
          'An `llm_base_url` that is not an http(s) address, or that holds a user name or password, ' +
          'answers `invalid_request`; so does one whose host is an address DubDesk does not connect to ' +
          '(link-local such as 169.254.169.254, unspecified, and private ones under ' +
          '`--refuse-private-addresses`: the rules of `callback_url`; a host name is checked when ' +
          'the engine connects). ' +
          'A `local_cache_limit_bytes` that is not a whole number of bytes from 0 up answers `invalid_request`; ' +
          'a new cap applies at the next trim, when a machine next adds to its caches. ' +
          '`check_for_updates` is read by the desktop app before its next scheduled check. ' +
          'The next job uses the new settings; running jobs keep theirs.',
        role: 'admin',
      },
    },
    async (request) => {
      const body = request.body;
      const baseUrl = body.llm_base_url?.trim() ? parsedUrl(body.llm_base_url.trim()) : undefined;
      // Never echoed: a mistyped address may hold a key.
      if (baseUrl === null || (baseUrl && !/^https?:$/.test(baseUrl.protocol))) {
        throw new DubDeskError(
          'invalid_request',
          'llm_base_url must be an http:// or https:// address, such as http://localhost:11434/v1.',
        );
      }
      // Error messages and logs name the endpoint's address: a key inside it would be shown there.
      if (baseUrl && (baseUrl.username || baseUrl.password)) {
        throw new DubDeskError(
          'invalid_request',
          'llm_base_url must not hold a user name or password: give the key as llm_api_key, which is never shown.',
        );
      }
      // A host name is judged after resolving, at each connection (engines/mt/chat-request.ts); a literal address now.
      const literal = baseUrl ? literalAddress(baseUrl.hostname) : null;
      const range =
        literal === null ? null : refusedRange(literal, { refusePrivate: options.config.refusePrivateAddresses });
      if (literal !== null && range)
        throw new DubDeskError('invalid_request', `llm_base_url: ${describeRefusal(literal, range)}.`);
      if (body.llm_api_key?.trim()) options.addSecret(body.llm_api_key.trim());
      for (const key of ['translation_engine', 'llm_base_url', 'llm_model', 'llm_api_key'] as const) {
        if (body[key] !== undefined) await options.store.set(key, body[key].trim());
      }
      if (body.llm_timeout_seconds !== undefined)
        await options.store.set('llm_timeout_seconds', String(body.llm_timeout_seconds));
      if (body.local_cache_limit_bytes !== undefined)
        await options.store.set(LOCAL_CACHE_LIMIT_SETTING, String(body.local_cache_limit_bytes));
      if (body.check_for_updates !== undefined)
        await options.store.set(UPDATE_CHECK_SETTING, String(body.check_for_updates));
      return changeableSettings(options.store);
    },
  );
}

/** The URL, or null when it is not one. */
function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** What PUT changes, as GET and PUT answer it. */
function changeableSettings(store: Pick<SettingsCache, 'get'>) {
  return {
    ...translationSettings(store),
    local_cache_limit_bytes: localCacheLimit(store.get(LOCAL_CACHE_LIMIT_SETTING)),
    check_for_updates: isUpdateCheckOn(store.get(UPDATE_CHECK_SETTING)),
  };
}

/** The translation settings as GET shows them: the API key only as whether one is set. */
function translationSettings(store: Pick<SettingsCache, 'get'>) {
  const engine = store.get('translation_engine');
  return {
    translation_engine: (TRANSLATION_ENGINE_CHOICES as readonly string[]).includes(engine ?? '')
      ? (engine as (typeof TRANSLATION_ENGINE_CHOICES)[number])
      : 'auto',
    llm_base_url: store.get('llm_base_url') ?? '',
    llm_model: store.get('llm_model') ?? '',
    llm_timeout_seconds: Number(store.get('llm_timeout_seconds')) || DEFAULT_LLM_TIMEOUT_SECONDS,
    llm_api_key_set: Boolean(store.get('llm_api_key')),
  };
}
