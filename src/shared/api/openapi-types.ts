// Generated from docs/openapi.json by openapi-typescript (tools/codegen). Do not edit: run `npm run api:generate`.
// A test fails when this file is stale (test/integration/openapi-document.test.ts).

export interface paths {
    "/v1/video_generation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a lip-sync job
         * @description Validates the request, checks local inputs (type, duration, subtitles), and queues a lip-sync job. Remote inputs are fetched by the job, whose status then carries their errors. The same `Idempotency-Key` within 24 h answers with the first task instead of queuing another.
         */
        post: operations["createLipsyncJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video_generation/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a lip-sync job
         * @description The lip-sync job's status record, as its callbacks carry it; result URLs download without a key. A task of another kind is `not_found` here (GET /v1/tasks/{task_id} shows any kind).
         */
        get: operations["getLipsyncJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reusable_lipsync_model_video_generation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a reusable-model lip-sync job
         * @description Validates the request, checks local inputs (type, duration, subtitles), and queues a reusable-model lip-sync job. Remote inputs are fetched by the job, whose status then carries their errors. The same `Idempotency-Key` within 24 h answers with the first task instead of queuing another.
         */
        post: operations["createReusableLipsyncJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reusable_lipsync_model_video_generation/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a reusable-model lip-sync job
         * @description The reusable-model lip-sync job's status record, as its callbacks carry it; result URLs download without a key. A task of another kind is `not_found` here (GET /v1/tasks/{task_id} shows any kind).
         */
        get: operations["getReusableLipsyncJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a translate and dub job
         * @description Validates the request, checks local inputs (type, duration, subtitles), and queues a translate and dub job. Remote inputs are fetched by the job, whose status then carries their errors. The same `Idempotency-Key` within 24 h answers with the first task instead of queuing another.
         */
        post: operations["createTranslateJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/translate/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a translate and dub job
         * @description The translate and dub job's status record, as its callbacks carry it; result URLs download without a key. A task of another kind is `not_found` here (GET /v1/tasks/{task_id} shows any kind).
         */
        get: operations["getTranslateJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/frame_translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a visual translate job
         * @description Validates the request, checks local inputs (type, duration, subtitles), and queues a visual translate job. Remote inputs are fetched by the job, whose status then carries their errors. The same `Idempotency-Key` within 24 h answers with the first task instead of queuing another.
         */
        post: operations["createVisualTranslateJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/frame_translate/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a visual translate job
         * @description The visual translate job's status record, as its callbacks carry it; result URLs download without a key. A task of another kind is `not_found` here (GET /v1/tasks/{task_id} shows any kind).
         */
        get: operations["getVisualTranslateJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tasks, newest first
         * @description Tasks of every kind, newest first, optionally only those of one `kind` or `status`. A page holds at most `limit` tasks (default 50); pass its `next_cursor` as `cursor` for the next page, until `next_cursor` is null (a `cursor` the service did not give answers `invalid_request`). Any key may list every task.
         */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tasks/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One task of any kind
         * @description A task's summary (status, progress, stages, warnings, result URLs) with the request it was created from (`request`, for "copy as API request") and its plan (`plan`: the engine each step runs, chosen when it was created). Unlike the status operation of its kind, it shows any kind and a cancelled task as `cancelled`. A `jobs` key sees only the origin of the request's `callback_url` (its scheme, host and port: no user name, password, path or query, which may hold the receiver's credentials); an `admin` key sees it whole.
         */
        get: operations["getTask"];
        put?: never;
        post?: never;
        /**
         * Delete a task and its files
         * @description Deletes the task with its work folder, its result files (their URLs stop working) and its project, and answers 204. A queued or running task is cancelled first; an `event: task_deleted` tells open event streams.
         */
        delete: operations["deleteTask"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tasks/{task_id}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The task's log, oldest line first
         * @description The last `limit` lines (default 200) the task wrote while it ran, oldest first: stages, engines chosen, warnings and errors.
         */
        get: operations["getTaskLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tasks/{task_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or running task
         * @description Stops a queued or running task at once and answers its summary: it ends `cancelled` (its status operation shows `failed` with `err_code` `cancelled`). A task that already ended (done, failed or cancelled) answers `conflict`.
         */
        post: operations["cancelTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tasks/{task_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed or cancelled task
         * @description Queues a new task with the same request (its `retry_of` names the old one) and answers its summary; it starts from a copy of the old work folder, so finished stages are not run again. Only a `failed` or `cancelled` task can be retried (else `conflict`); a full queue answers `rate_limited`. Inputs are fetched and checked again when the new task runs, so their errors show in its status, not here.
         */
        post: operations["retryTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/translate/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The engines a translate request would use
         * @description For a translate and dub request (the create body; `media_url` may be left out), which engine each step would use, why a step is skipped, or the model a step misses with the catalogue ids that would install it. It is made by the same function as the plan a create call stores with its task (GET /v1/tasks/{task_id} `plan`). Nothing is fetched, checked beyond the schema or queued: a missing model is a step's `missing`, not an error answer, and the create call still checks languages, glossaries and inputs.
         */
        post: operations["planTranslateJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Every stored key, revoked ones included, with its name, prefix, role and dates; never the secret itself.
         *
         *     Needs an `admin` key.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Makes a new key with role `jobs` unless `admin` is asked (docs/api.md "Keys and roles"). The secret `key` is in this answer only (the service keeps a hash): store it now.
         *
         *     Needs an `admin` key.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once and the answer is 204; its record stays in the list with `revoked_at`. An unknown or already revoked key answers `not_found`.
         *
         *     Needs an `admin` key.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service's settings
         * @description What the Settings page shows: version, addresses, data folder, webhook signing secret, concurrency, tools and the translation engine settings. The LLM API key is never answered, only whether one is set (`llm_api_key_set`).
         *
         *     Needs an `admin` key.
         */
        get: operations["getSettings"];
        /**
         * Change the translation engine settings, the local cache cap and the update check
         * @description Changes the translation engine settings and answers them as they now are; fields left out stay as they are, and an empty `llm_api_key` removes the key. An `llm_base_url` that is not an http(s) address, or that holds a user name or password, answers `invalid_request`; so does one whose host is an address DubDesk does not connect to (link-local such as 169.254.169.254, unspecified, and private ones under `--refuse-private-addresses`: the rules of `callback_url`; a host name is checked when the engine connects). A `local_cache_limit_bytes` that is not a whole number of bytes from 0 up answers `invalid_request`; a new cap applies at the next trim, when a machine next adds to its caches. `check_for_updates` is read by the desktop app before its next scheduled check. The next job uses the new settings; running jobs keep theirs.
         *
         *     Needs an `admin` key.
         */
        put: operations["updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live task changes as Server-Sent Events
         * @description A `text/event-stream` that stays open: `event: task` (data: the TaskSummary, on every status or progress change), `event: task_deleted` (data: `{"task_id"}`) and `event: model` (data: an InstallProgress of a model install), and `event: line_spoken` (data: a LineSpokenEvent: a project line queued by an edit or by synthesize was spoken, or could not be). `task_id` keeps only that task's events; `kind` keeps the `task` events of that kind (and every `task_deleted`); either drops the `model` and `line_spoken` events. `project_id` keeps only that project's `line_spoken` events. The key may come as `?key=` because EventSource cannot send headers; a comment every 15 s keeps the stream alive.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an input file
         * @description Stores a file for later jobs and answers 201 with its id and signed `url`: the raw body with its own Content-Type (its name from `X-File-Name` or `?name=`), or `multipart/form-data` with one file field. Use the `url` as a job's `*_url` field. The upload is streamed to disk; a file over the size cap (20 GiB by default) answers `payload_too_large`, an empty or JSON body `invalid_request`.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a result or uploaded file
         * @description The file itself, in its own Content-Type, with an API key or with the `token` of its signed URL (result and upload URLs carry one; a wrong or expired token is `unauthorized`). A single byte `Range` answers 206, a range outside the file 416 with `invalid_request`; `If-None-Match` with its ETag answers 304; `?download=1` makes it an attachment. HEAD answers the same headers without the body.
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        /**
         * Delete an uploaded file
         * @description Deletes an uploaded file and answers 204; its URL stops working. A result file answers `conflict`: it goes with its task (DELETE /v1/tasks/{task_id}).
         */
        delete: operations["deleteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/glossaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List glossaries
         * @description Every glossary with its terms. A job names up to 3 in `glossary_ids`.
         */
        get: operations["listGlossaries"];
        put?: never;
        /**
         * Create a glossary
         * @description A named list of source terms and the target terms they must be translated to, for one language pair. Jobs copy it when they are created.
         *
         *     Needs an `admin` key.
         */
        post: operations["createGlossary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/glossaries/{glossary_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One glossary
         * @description The glossary with all its terms.
         */
        get: operations["getGlossary"];
        /**
         * Replace a glossary
         * @description Replaces the name, languages and every term. Jobs already created keep the copy they took.
         *
         *     Needs an `admin` key.
         */
        put: operations["replaceGlossary"];
        post?: never;
        /**
         * Delete a glossary
         * @description Deletes the glossary; jobs already created keep the copy they took.
         *
         *     Needs an `admin` key.
         */
        delete: operations["deleteGlossary"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the model catalogue
         * @description Every model DubDesk knows, with whether it is installed, its size, its license and whether that allows commercial use, the engine that uses it and the progress of an install under way.
         */
        get: operations["listModels"];
        put?: never;
        /**
         * Install a model
         * @description Downloads the model from its public URL in the background (202; follow it with GET /v1/models/{id} or the event stream), or imports it from a file or folder on this machine given as an absolute `source_path` (201). An installed model answers 200. A file that is not that model (wrong format, signature or checksum) is `unsupported_media`.
         *
         *     Needs an `admin` key.
         */
        post: operations["installModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One model of the catalogue
         * @description The model with its install state (and the reason when its last install failed).
         */
        get: operations["getModel"];
        put?: never;
        post?: never;
        /**
         * Remove an installed model
         * @description Deletes the model files (and cancels an install under way); answers the model as it now is. Jobs that need it then fail with `model_not_installed`.
         *
         *     Needs an `admin` key.
         */
        delete: operations["removeModel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reusable_lipsync_models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reusable lip-sync models
         * @description Every reusable lip-sync model with the task it was made from.
         */
        get: operations["listReusableLipsyncModels"];
        put?: never;
        /**
         * Make a reusable lip-sync model
         * @description Keeps the face a finished `precision_v1` lip-sync task prepared, so reusable-model jobs make new videos of it from audio alone. A task of another kind or model is `invalid_request`; one that has not finished is `conflict`; an unknown task is `not_found`.
         */
        post: operations["createReusableLipsyncModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reusable_lipsync_models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One reusable lip-sync model
         * @description The model and the task it was made from.
         */
        get: operations["getReusableLipsyncModel"];
        put?: never;
        post?: never;
        /**
         * Delete a reusable lip-sync model
         * @description Deletes the model and its prepared data; jobs that name it afterwards answer `not_found`.
         */
        delete: operations["deleteReusableLipsyncModel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subtitle_styles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subtitle styles
         * @description The built-in styles first, then your own. A translate job names one as `subtitle_style_id`.
         */
        get: operations["listSubtitleStyles"];
        put?: never;
        /**
         * Create a subtitle style
         * @description A named look for burned-in and ASS subtitles (font, size, colours, outline, position); settings left out take the default style's values.
         *
         *     Needs an `admin` key.
         */
        post: operations["createSubtitleStyle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subtitle_styles/{subtitle_style_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subtitle style
         * @description The style with all its settings.
         */
        get: operations["getSubtitleStyle"];
        /**
         * Replace a subtitle style
         * @description Replaces a style of your own; built-in styles are read-only (`conflict`). Jobs already created keep the copy they took.
         *
         *     Needs an `admin` key.
         */
        put: operations["replaceSubtitleStyle"];
        post?: never;
        /**
         * Delete a subtitle style
         * @description Deletes a style of your own; built-in styles are read-only (`conflict`).
         *
         *     Needs an `admin` key.
         */
        delete: operations["deleteSubtitleStyle"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the voices
         * @description The built-in eSpeak NG voices and the installed neural voices, optionally of one `language`. A translate job takes one as `selected_voice_id`.
         */
        get: operations["listVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/{voice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One voice
         * @description The voice with its language, engine, quality and sample URL.
         */
        get: operations["getVoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/{voice_id}/sample": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hear a voice
         * @description A short sentence in the voice's language, spoken by the voice (WAV; made once, then cached). The key may come as `?key=` for an `<audio src>`.
         */
        get: operations["getVoiceSample"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health and version
         * @description Answers `ok` while the service runs, with its version and how many tasks are queued or running. It needs a key like every route, so it also tells a client that its key works.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What this service can run now
         * @description Which capabilities (transcribe, translate, speak, precision lip-sync) the installed engines and models give now. For each one that cannot run, `missing` names the catalogue models that would enable it (POST /v1/models) and what to do meanwhile; it changes as models are installed.
         */
        get: operations["getCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The job kinds this service runs
         * @description Each job kind this build registers, with its create and status routes, its public statuses in order, the files its request names by URL and its stages in the order they run. Clients that show progress read the stage labels here rather than hard-coding them; clients that show a task's original read its kind's main input here.
         */
        get: operations["listJobKinds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supported languages
         * @description The languages accepted in `source_language` and `target_language` (code, ISO 639-3 code and English name); any other answers `unsupported_language`. Which pairs can be transcribed, translated or voiced depends on the installed models (GET /v1/capabilities, POST /v1/media/translate/plan).
         */
        get: operations["listLanguages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description The OpenAPI 3.1 document of this build, generated from the schemas that validate requests, with this service as its server; also at /openapi.json. The key may come as `?key=`, so a plain link can open it.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List editable projects
         * @description Projects of translate and visual translate jobs made with `project_mode=editable` or `enable_proofreading`, newest first; `task_id` gives the project of that task.
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One project with its segments
         * @description The project and its segments in time order, each with its source and target text, speaker, voice, fit and `revision` (send it back with an edit).
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        /**
         * Delete a project
         * @description Deletes the project and its files; its task and the tasks exported from it stay.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/waveform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The input audio's waveform
         * @description `points` peaks (0..1) of the input's audio, evenly spread over its duration, for drawing a timeline.
         */
        get: operations["getProjectWaveform"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/segments/{segment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a segment
         * @description Changes text, time, speaker or voice of a segment read at `revision`; a segment changed since (or split or merged away) answers `conflict`. A translate line whose text, voice, speaker or time changed is queued to be spoken again to measure its fit: the answer (the saved segment, `fit` null) comes at once with a `speech_id`, and the `line_spoken` event of GET /v1/events with that id brings the fitted segment. Texts hold at most 2,000 characters.
         */
        patch: operations["updateSegment"];
        trace?: never;
    };
    "/v1/projects/{project_id}/segments/{segment_id}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a segment in two
         * @description Splits at `at` seconds, strictly inside the segment; both texts are cut at the nearest word. With `revision`, a stale segment answers `conflict`.
         */
        post: operations["splitSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/segments/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge neighbouring segments
         * @description Merges segments that follow each other into one whose texts are joined; segments that are not neighbours, or a merged text over 2,000 characters, answer `invalid_request`.
         */
        post: operations["mergeSegments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/segments/{segment_id}/synthesize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speak one line again
         * @description Queues the line to be spoken as the export will (fitted to its time) and answers 202 with a `speech_id` at once. The `line_spoken` event of GET /v1/events with that id brings two WAV URLs (the line alone and the line over the original's audio) and the segment, or the error that stopped it.
         */
        post: operations["synthesizeSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/segments/{segment_id}/translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Translate one line again
         * @description Translates the segment's source text again with the job's engine, glossaries and prompt, and saves it as the target (queued to be spoken, as an edit is). `warnings` says what the translation did not honour, e.g. user_prompt_not_used.
         */
        post: operations["translateSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/speakers/voice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a speaker's lines one voice
         * @description Sets the voice of every line of `speaker`; `voice_id: null` lets the export choose. The lines are fitted again.
         */
        post: operations["setSpeakerVoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export the project as a new task
         * @description Creates a task of the project's kind from its lines, reusing the work of every unchanged line, and answers its `task_id` (follow it as any task).
         */
        post: operations["exportProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{project_id}/subtitles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A track as SRT
         * @description The source, target (default) or bilingual track of the project as an SRT file.
         */
        get: operations["getProjectSubtitles"];
        /**
         * Replace a track from an SRT
         * @description Replaces the source or target texts from an SRT file (the body, in any encoding) with as many cues as the project has segments, none over 2,000 characters; otherwise `invalid_subtitle`.
         */
        put: operations["replaceProjectSubtitles"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workers that run jobs
         * @description Every live worker (heard from in the last 15 s), oldest first, with the kinds it takes, its load (`running` of `concurrency`) and its last heartbeat. A service on one machine is itself the one worker; each stage of a task names the worker that ran it (`stages[].worker`).
         */
        get: operations["listWorkers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /**
             * @description One code of the catalogue:
             *     - `invalid_request` (400): the request breaks a rule of its schema (unknown or missing field, wrong type, bad JSON or URL)
             *     - `conflicting_fields` (400): two fields that cannot go together
             *     - `too_many_glossaries` (400): more than 3 glossary_ids
             *     - `unsupported_language` (400): a language outside GET /v1/languages, or a target no voice speaks
             *     - `unsupported_media` (400): an input whose type its field does not accept (judged by name and content)
             *     - `media_too_long` (400): an input longer than its limit
             *     - `invalid_subtitle` (400): an SRT that cannot be read or breaks a subtitle limit (the message names the cue)
             *     - `model_not_installed` (400): the work needs a model that is not installed (the message says how to install it)
             *     - `unauthorized` (401): missing, unknown or revoked API key
             *     - `forbidden` (403): a foreign Host or Origin header, or a jobs key on an admin route
             *     - `not_found` (404): no such resource
             *     - `conflict` (409): the resource is not in a state that allows this (or changed since it was read)
             *     - `payload_too_large` (413): a body or file over the size cap
             *     - `rate_limited` (429): too many tasks already queued or running (or lines waiting to be spoken); retry after the seconds of the Retry-After header
             *     - `internal` (500): an unexpected failure; the message names the service log and the request id
             *     - `download_failed` (400): an input URL could not be fetched
             *     - `media_unreadable` (400): an input file that cannot be decoded
             *     - `no_audio` (400): an input without the audio the work needs
             *     - `no_face_detected` (400): no face in the reference
             *     - `no_speech_detected` (400): no speech in the input
             *     - `no_text_detected` (400): no readable text in the input
             *     - `engine_failed` (500): an engine failed while working
             *     - `out_of_disk` (507): the data folder is full
             *     - `cancelled` (409): the task was cancelled
             *     - `pipeline_unavailable` (501): a feature this build does not have
             *     - `database_unavailable` (503): the service cannot reach its database for now (PostgreSQL down or restarting, SQLite locked by another program); retry after the seconds of the Retry-After header
             * @enum {string}
             */
            code: "invalid_request" | "conflicting_fields" | "too_many_glossaries" | "unsupported_language" | "unsupported_media" | "media_too_long" | "invalid_subtitle" | "model_not_installed" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "rate_limited" | "internal" | "download_failed" | "media_unreadable" | "no_audio" | "no_face_detected" | "no_speech_detected" | "no_text_detected" | "engine_failed" | "out_of_disk" | "cancelled" | "pipeline_unavailable" | "database_unavailable";
            message: string;
            /** @description ISO-8601 server time */
            serverTs: string;
        };
        LipsyncRequest: {
            /** @description Reference video (.mp4 .mov .m4v .3gp .3g2 .webm .mkv .avi .wmv .mpg .mpeg .ts .mts .m2ts .flv) or image (.jpg .jpeg .png .webp), judged by content. */
            reference_file_url: string;
            /** @description Driving audio (.wav .mp3 .m4a .aac .flac .ogg .oga .opus .weba), judged by content; may be omitted for a video reference, whose own audio then drives it. */
            audio_url?: string;
            /**
             * @description standard_v1 is faster; precision_v1 is higher quality.
             * @enum {string}
             */
            model: "standard_v1" | "precision_v1";
            /** @enum {string} */
            reference_file_type: "video" | "image";
            /** @description Receives a POST with the status record on every status change. */
            callback_url?: string;
        };
        TaskWarning: {
            /** @description What kind of problem, e.g. line_too_fast. */
            code: string;
            message: string;
            /** @description The cue number in the subtitle file (or transcript) it concerns. */
            cue?: number;
            /** @description Start of that cue, seconds. */
            start?: number;
            /** @description End of that cue, seconds. */
            end?: number;
            /** @description line_too_fast: the speed the line is spoken at, relative to normal speech (rate x stretch). */
            speed?: number;
        };
        ReviewItem: {
            /** @description Where to look, in media seconds. */
            start: number;
            /** @description End of the place to look, in media seconds. */
            end: number;
            /** @description Why it needs a look (docs/api.md "Quality report"). */
            reasons: ("low_confidence" | "too_fast" | "shifted" | "glossary_missed" | "not_translated" | "text_remains" | "low_ocr_confidence" | "no_face" | "weak_sync" | "speaker_uncertain")[];
            /** @description What was measured there, in a user's words. */
            detail: string;
            /** @description translate: the line (cue number) it concerns; frame_translate: the text block's number. */
            line?: number;
            /** @description The line or on-screen text it concerns, as the result has it. */
            text?: string;
        };
        QualityReport: {
            /** @description Places to check, in time order; empty when nothing needs a look. At most 100: the rest are counted in review_omitted. */
            review: components["schemas"]["ReviewItem"][];
            /** @description Places to check beyond the first 100 (the task log names every one). */
            review_omitted?: number;
            /** @description translate: the recogniser's mean confidence over the lines, 0..1; null when the lines came from an SRT or the screen. */
            recognition_confidence?: number | null;
            /** @description translate: the fastest line, as rate x stretch relative to normal speech, measured on the dub; null without a dub. */
            max_speed?: number | null;
            /** @description translate: how much quieter the original voice is in the result than in the input over its speech regions, dB; null without a dubbed mix. */
            original_voice_reduction_db?: number | null;
            /** @description translate: the number of distinct voices the dub speaks with. */
            speakers?: number;
            /** @description frame_translate: texts found (blocks shown on screen). */
            texts?: number;
            /** @description frame_translate: texts left untouched because their translation equals their source (numbers, names, codes). */
            texts_unchanged?: number;
            /** @description frame_translate: the share of erased boxes where text remains, judged on each text's middle frame as the erase left it (before its translation is drawn): it reads again, or keeps its strokes' contrast. */
            residual_text?: number;
            /** @description lipsync: Pearson correlation of the mouth opening read off the result's frames with the driving audio's loudness; null when no face was seen. */
            sync_score?: number | null;
            /** @description lipsync: the share of the result's frames with a face. */
            face_coverage?: number;
            /** @description lipsync precision_v1 on a video: the share of frames drawn with the person's own mouths (the rest from the fitted warp); null for other engines. */
            bank_coverage?: number | null;
        };
        LipsyncStatus: {
            task_id: string;
            /** @description The whole job, 0..1. */
            progress: number;
            /** @description The stage running now (or last run), e.g. fetch-inputs. */
            stage: string | null;
            /** @description The current stage, 0..1. */
            stage_progress: number;
            created_at: string;
            updated_at: string;
            err_code?: string;
            err_message?: string;
            /** @enum {string} */
            status: "pending" | "processing" | "done" | "failed";
            /** @description Present only when the job has warnings. */
            warnings?: components["schemas"]["TaskWarning"][];
            quality?: components["schemas"]["QualityReport"];
            video_url?: string;
        };
        ReusableLipsyncRequest: {
            model_id: string;
            /** @description Driving audio (.wav .mp3 .m4a .aac .flac .ogg .oga .opus .weba), judged by content. */
            audio_url: string;
            /** @description Receives a POST with the status record on every status change. */
            callback_url?: string;
        };
        TranslateRequest: {
            /** @enum {string} */
            media_type: "video" | "audio";
            /** @description The video (.mp4 .mov .m4v .3gp .3g2 .webm .mkv .avi .wmv .mpg .mpeg .ts .mts .m2ts .flv) or audio (.wav .mp3 .m4a .aac .flac .ogg .oga .opus .weba) to translate, judged by content; at most 2 hours long. */
            media_url: string;
            /** @default auto */
            source_language?: string;
            target_language: string;
            /** @description An SRT file with the speech, as original or final translated text; at most 10,000 cues of up to 1,000 characters, 24 MiB (invalid_subtitle). */
            subtitle_url?: string;
            /**
             * @default original
             * @enum {string}
             */
            subtitle_usage_type?: "original" | "final_translated";
            /**
             * @default none
             * @enum {string}
             */
            subtitle_mode?: "none" | "add" | "replace";
            subtitle_style_id?: string;
            subtitle_position_y?: number;
            ocr_text_box?: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /**
             * @default none
             * @enum {string}
             */
            project_mode?: "none" | "editable";
            speaker_number?: {
                min?: number;
                max?: number;
            };
            /** @description At most 3 glossaries of GET /v1/glossaries (more is too_many_glossaries), each of the job's language pair. */
            glossary_ids?: string[];
            /** @default false */
            align_video?: boolean;
            /** @default false */
            enable_proofreading?: boolean;
            /**
             * @default auto
             * @enum {string}
             */
            voice_model?: "auto" | "real" | "native";
            user_prompt?: string;
            /** @enum {string} */
            export_type: "auto" | "video" | "audio" | "all";
            selected_voice_id?: string;
            /**
             * @description Also write an SRT with each cue's original line above its translation (result.subtitle_bilingual_url; local addition).
             * @default false
             */
            bilingual_subtitle?: boolean;
            /** @description Receives a POST with the status record on every status change. */
            callback_url?: string;
        };
        TranslateStatus: {
            task_id: string;
            /** @description The whole job, 0..1. */
            progress: number;
            /** @description The stage running now (or last run), e.g. fetch-inputs. */
            stage: string | null;
            /** @description The current stage, 0..1. */
            stage_progress: number;
            created_at: string;
            updated_at: string;
            err_code?: string;
            err_message?: string;
            /** @enum {string} */
            status: "queuing" | "preprocessing" | "transcribing" | "translating" | "dubbing" | "rendering" | "done" | "failed";
            /** @description Present only when the job has warnings. */
            warnings?: components["schemas"]["TaskWarning"][];
            quality?: components["schemas"]["QualityReport"];
            result?: {
                video_url?: string;
                audio_url?: string;
                subtitle_url?: string;
                /** @description The dubbed subtitles as WebVTT, speakers as voice tags (local addition). */
                subtitle_vtt_url?: string;
                /** @description The dubbed subtitles as ASS in the job's subtitle style (local addition). */
                subtitle_ass_url?: string;
                /** @description With bilingual_subtitle: an SRT with each cue's original line above its translation (local addition). */
                subtitle_bilingual_url?: string;
                project_url?: string;
            };
        };
        FrameTranslateRequest: {
            /** @description The video (.mp4 .mov .m4v .3gp .3g2 .webm .mkv .avi .wmv .mpg .mpeg .ts .mts .m2ts .flv) whose on-screen text is translated, judged by content; at most 20 minutes long. */
            video_url: string;
            source_language: string;
            target_language: string;
            /** @description At most 3 glossaries of GET /v1/glossaries (more is too_many_glossaries), each of the job's language pair. */
            glossary_ids?: string[];
            user_prompt?: string;
            /**
             * @default none
             * @enum {string}
             */
            project_mode?: "none" | "editable";
            /** @description Receives a POST with the status record on every status change. */
            callback_url?: string;
        };
        FrameTranslateStatus: {
            task_id: string;
            /** @description The whole job, 0..1. */
            progress: number;
            /** @description The stage running now (or last run), e.g. fetch-inputs. */
            stage: string | null;
            /** @description The current stage, 0..1. */
            stage_progress: number;
            created_at: string;
            updated_at: string;
            err_code?: string;
            err_message?: string;
            /** @enum {string} */
            status: "queuing" | "processing" | "done" | "failed";
            /** @description Present only when the job has warnings. */
            warnings?: components["schemas"]["TaskWarning"][];
            quality?: components["schemas"]["QualityReport"];
            result?: {
                video_url?: string;
                project_url?: string;
            };
        };
        TaskStage: {
            /** @description The stage, e.g. transcribe. */
            name: string;
            /** @description What the GUI shows for it, e.g. Transcribing. */
            label: string;
            /** @enum {string} */
            state: "pending" | "running" | "done" | "skipped" | "failed" | "cancelled";
            /** @description Why a skipped stage had nothing to do, in a user's words. */
            reason?: string;
            /** @description The engine or model that did this stage's work, when the stage names one, e.g. "DubDesk exemplar mouths (built in)" or "Wav2Lip GAN 96 (ONNX)". */
            engine?: string;
            /** @description The worker that ran this stage (host:pid, as GET /v1/workers names it); absent for a stage that has not run. */
            worker?: string;
        };
        PlanStep: {
            /** @description The step, e.g. transcribe, translate, speak, render. */
            step: string;
            /** @description What the GUI shows for it, e.g. Transcribing the speech. */
            label: string;
            engine?: {
                /** @description The engine id of the capability table (GET /v1/capabilities, docs/models.md). */
                id: string;
                /** @description e.g. "Whisper base (ONNX)". */
                title: string;
                /**
                 * @description draft: rule-based or small models whose output wants proofreading.
                 * @enum {string}
                 */
                quality: "draft" | "standard";
                /** @description The catalogue models the engine runs for this step, where the plan can name them; a retry fails model_not_installed naming one removed since. */
                models?: string[];
                /** @description A draft engine's expected quality on real media, in a user's words, e.g. that the English recogniser gets many words wrong on real recordings. */
                expectation?: string;
            };
            /** @description A draft engine runs this step: the model, not installed yet, that would do better. */
            better_model?: {
                /** @description The catalogue id to install (POST /v1/models {id}). */
                id: string;
                title: string;
            };
            /** @description Why the step has nothing to do for this request, in a user's words. */
            skipped?: string;
            /** @description Only in an answer of POST /v1/media/translate/plan: a stored plan never misses an engine (the create call refuses). */
            missing?: {
                /**
                 * @description The error the create request would answer: model_not_installed, or not_found / unsupported_language for a voice.
                 * @enum {string}
                 */
                code: "invalid_request" | "conflicting_fields" | "too_many_glossaries" | "unsupported_language" | "unsupported_media" | "media_too_long" | "invalid_subtitle" | "model_not_installed" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "rate_limited" | "internal" | "download_failed" | "media_unreadable" | "no_audio" | "no_face_detected" | "no_speech_detected" | "no_text_detected" | "engine_failed" | "out_of_disk" | "cancelled" | "pipeline_unavailable" | "database_unavailable";
                message: string;
                /** @description Catalogue ids to install (POST /v1/models {id}), any one of them; empty when none this version runs. */
                model_ids: string[];
            };
            /** @description What is decided only while the job runs, e.g. the translation pair once the language is detected, or what the engine will not do, e.g. that it does not follow user_prompt (the job then warns user_prompt_not_used). */
            note?: string;
        };
        /** @description The engine each step of the job runs, chosen once when it was created. Its stages take these engines by id; a retry keeps the plan, and a step whose planned model was removed since fails model_not_installed naming it. */
        JobPlan: {
            /**
             * Format: date-time
             * @description When the plan was made: at create, or at the first run of a job created before plans were stored.
             */
            made_at: string;
            /** @description In the order the job runs them; each has an engine or says why it is skipped. */
            steps: components["schemas"]["PlanStep"][];
        };
        TaskSummary: {
            task_id: string;
            /** @description The whole job, 0..1. */
            progress: number;
            /** @description The stage running now (or last run), e.g. fetch-inputs. */
            stage: string | null;
            /** @description The current stage, 0..1. */
            stage_progress: number;
            created_at: string;
            updated_at: string;
            err_code?: string;
            err_message?: string;
            /** @enum {string} */
            kind: "lipsync" | "reusable_lipsync" | "translate" | "frame_translate";
            /** @enum {string} */
            status: "pending" | "processing" | "done" | "failed" | "cancelled" | "queuing" | "preprocessing" | "transcribing" | "translating" | "dubbing" | "rendering";
            input_name: string | null;
            inputs?: {
                field: string;
                name: string;
            }[];
            target_language?: string;
            attempts: number;
            retry_of: string | null;
            /** @description The project this task was exported from (POST /v1/projects/{project_id}/export). */
            exported_from_project?: string;
            /** @description Present only when the job has warnings. */
            warnings?: components["schemas"]["TaskWarning"][];
            quality?: components["schemas"]["QualityReport"];
            /** @description Every stage of the task's kind in order, from its creation; empty for a task finished before stages were recorded. */
            stages?: components["schemas"]["TaskStage"][];
            result?: {
                [key: string]: string;
            };
            video_url?: string;
            request?: {
                [key: string]: unknown;
            };
            plan?: components["schemas"]["JobPlan"];
        };
        TaskList: {
            tasks: components["schemas"]["TaskSummary"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        TaskLog: {
            /** @description Oldest first. */
            lines: {
                /** @description ISO-8601 time the line was written. */
                ts: string;
                /** @enum {string} */
                level: "info" | "warn" | "error";
                message: string;
            }[];
        };
        TranslatePlanRequest: {
            /** @enum {string} */
            media_type: "video" | "audio";
            /** @description Not fetched; may be left out. */
            media_url?: string;
            /** @default auto */
            source_language?: string;
            target_language: string;
            /** @description Not fetched: only whether it is given matters. */
            subtitle_url?: string;
            /**
             * @default original
             * @enum {string}
             */
            subtitle_usage_type?: "original" | "final_translated";
            /**
             * @default none
             * @enum {string}
             */
            subtitle_mode?: "none" | "add" | "replace";
            subtitle_style_id?: string;
            subtitle_position_y?: number;
            ocr_text_box?: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /**
             * @default none
             * @enum {string}
             */
            project_mode?: "none" | "editable";
            speaker_number?: {
                min?: number;
                max?: number;
            };
            /** @description At most 3 glossaries of GET /v1/glossaries (more is too_many_glossaries), each of the job's language pair. */
            glossary_ids?: string[];
            /** @default false */
            align_video?: boolean;
            /** @default false */
            enable_proofreading?: boolean;
            /**
             * @default auto
             * @enum {string}
             */
            voice_model?: "auto" | "real" | "native";
            user_prompt?: string;
            /** @enum {string} */
            export_type: "auto" | "video" | "audio" | "all";
            selected_voice_id?: string;
            /**
             * @description Also write an SRT with each cue's original line above its translation (result.subtitle_bilingual_url; local addition).
             * @default false
             */
            bilingual_subtitle?: boolean;
            /** @description Receives a POST with the status record on every status change. */
            callback_url?: string;
        };
        TranslatePlan: {
            /** @description In the order the job runs them; exactly one of engine, skipped, missing each. */
            steps: components["schemas"]["PlanStep"][];
        };
        ApiKeyRecord: {
            key_id: string;
            name: string;
            /** @description The first characters of the secret, to tell keys apart. */
            prefix: string;
            /**
             * @description admin: everything; jobs (the default): jobs, files, and reading voices, styles, glossaries and models
             * @enum {string}
             */
            role: "admin" | "jobs";
            created_at: string;
            last_used_at: string | null;
            /** @description Set once the key is revoked; it then no longer works. */
            revoked_at: string | null;
        };
        ApiKeyList: {
            keys: components["schemas"]["ApiKeyRecord"][];
        };
        CreateApiKeyBody: {
            name: string;
            /**
             * @description admin: everything; jobs (the default): jobs, files, and reading voices, styles, glossaries and models
             * @enum {string}
             */
            role?: "admin" | "jobs";
        };
        CreatedApiKey: {
            key_id: string;
            name: string;
            /** @description The first characters of the secret, to tell keys apart. */
            prefix: string;
            /**
             * @description admin: everything; jobs (the default): jobs, files, and reading voices, styles, glossaries and models
             * @enum {string}
             */
            role: "admin" | "jobs";
            created_at: string;
            last_used_at: string | null;
            /** @description Set once the key is revoked; it then no longer works. */
            revoked_at: string | null;
            /** @description The secret, shown only in this answer: send it as `Authorization: Bearer <key>`. */
            key: string;
        };
        ServiceSettings: {
            version: string;
            /** @description The address this service answers on. */
            base_url: string;
            openapi_url: string;
            /** @description The data folder: database, uploads, results, models and logs. */
            data_dir: string;
            /** @description The secret that signs every callback. */
            webhook_secret: string;
            /** @description How many tasks run at once. */
            concurrency: number;
            ffmpeg_path: string;
            ffprobe_path: string;
            /** @description The integrated loudness dubbed audio is brought to (EBU R128). */
            loudness_lufs: number;
            /** @description The largest time-stretch of a dubbed line before the timing fit slows the video or flags the line. */
            max_stretch: number;
            /**
             * @description auto: Bergamot for installed pairs, then the LLM endpoint when configured, then Apertium; or always the one named
             * @enum {string}
             */
            translation_engine: "auto" | "bergamot" | "llm" | "apertium";
            /** @description An OpenAI-compatible API, e.g. http://localhost:11434/v1 (Ollama); empty: no LLM engine */
            llm_base_url: string;
            llm_model: string;
            llm_timeout_seconds: number;
            /** @description Whether an LLM API key is stored; the key itself is never answered. */
            llm_api_key_set: boolean;
            /** @description With shared storage: the most bytes each machine keeps of its download cache and local work folders (default 20000000000, 20 GB); beyond it the least recently used go, never one a running task holds */
            local_cache_limit_bytes: number;
            /** @description The desktop app checks GitHub Releases for a new version at start and once a day, downloads it in the background and offers a restart (default true). `dubdesk serve` never updates itself, whatever this says. */
            check_for_updates: boolean;
        };
        UpdateSettingsBody: {
            /**
             * @description auto: Bergamot for installed pairs, then the LLM endpoint when configured, then Apertium; or always the one named
             * @enum {string}
             */
            translation_engine?: "auto" | "bergamot" | "llm" | "apertium";
            /** @description An OpenAI-compatible API, e.g. http://localhost:11434/v1 (Ollama); empty: no LLM engine */
            llm_base_url?: string;
            llm_model?: string;
            /** @description Write-only: GET answers llm_api_key_set. Empty removes it. */
            llm_api_key?: string;
            llm_timeout_seconds?: number;
            /** @description With shared storage: the most bytes each machine keeps of its download cache and local work folders (default 20000000000, 20 GB); beyond it the least recently used go, never one a running task holds */
            local_cache_limit_bytes?: number;
            /** @description The desktop app checks GitHub Releases for a new version at start and once a day, downloads it in the background and offers a restart (default true). `dubdesk serve` never updates itself, whatever this says. */
            check_for_updates?: boolean;
        };
        ChangeableSettings: {
            /**
             * @description auto: Bergamot for installed pairs, then the LLM endpoint when configured, then Apertium; or always the one named
             * @enum {string}
             */
            translation_engine: "auto" | "bergamot" | "llm" | "apertium";
            /** @description An OpenAI-compatible API, e.g. http://localhost:11434/v1 (Ollama); empty: no LLM engine */
            llm_base_url: string;
            llm_model: string;
            llm_timeout_seconds: number;
            /** @description Whether an LLM API key is stored; the key itself is never answered. */
            llm_api_key_set: boolean;
            /** @description With shared storage: the most bytes each machine keeps of its download cache and local work folders (default 20000000000, 20 GB); beyond it the least recently used go, never one a running task holds */
            local_cache_limit_bytes: number;
            /** @description The desktop app checks GitHub Releases for a new version at start and once a day, downloads it in the background and offers a restart (default true). `dubdesk serve` never updates itself, whatever this says. */
            check_for_updates: boolean;
        };
        UploadedFile: {
            file_id: string;
            /** @description Absolute, signed URL of the file: accepted in any *_url field of a create request and playable without the Authorization header. */
            url: string;
            name: string;
            /** @description Bytes. */
            size: number;
        };
        GlossaryRecord: {
            glossary_id: string;
            name: string;
            source_language: string;
            target_language: string;
            entries: {
                source: string;
                target: string;
            }[];
            created_at: string;
            updated_at: string;
        };
        GlossaryBody: {
            name: string;
            source_language: string;
            target_language: string;
            entries: {
                source: string;
                target: string;
            }[];
        };
        InstallProgress: {
            /** @enum {string} */
            state: "downloading" | "copying" | "verifying" | "extracting" | "installed" | "failed" | "cancelled" | "removed";
            received_bytes: number;
            /** @description Approximate until every file reported its size. */
            total_bytes?: number;
            file?: string;
            /** @enum {string} */
            err_code?: "invalid_request" | "conflicting_fields" | "too_many_glossaries" | "unsupported_language" | "unsupported_media" | "media_too_long" | "invalid_subtitle" | "model_not_installed" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "rate_limited" | "internal" | "download_failed" | "media_unreadable" | "no_audio" | "no_face_detected" | "no_speech_detected" | "no_text_detected" | "engine_failed" | "out_of_disk" | "cancelled" | "pipeline_unavailable" | "database_unavailable";
            err_message?: string;
        };
        ModelRecord: {
            id: string;
            /** @enum {string} */
            task: "asr" | "mt" | "tts" | "diarization" | "lipsync" | "face_restore" | "separation" | "inpaint" | "vad" | "ocr";
            title: string;
            /** @description What the model enables. */
            description: string;
            license: string;
            /**
             * @description Whether the publishers' terms allow commercial use of the model as it runs: its own weights and the third-party weights it loads. `unclear`: the terms are ambiguous or silent on it; absent: not reviewed yet. Not legal advice: read `license` and `commercial_note`.
             * @enum {string}
             */
            commercial_use?: "allowed" | "not_allowed" | "unclear";
            /** @description What limits or qualifies commercial_use, e.g. which bundled model forbids it. */
            commercial_note?: string;
            /** @description Approximate download size. */
            size_bytes: number;
            homepage?: string;
            /** @description The engine that uses this model; absent: nothing in this version uses it yet, and installing it is refused. */
            used_by?: string;
            files: {
                name: string;
                size_bytes?: number;
            }[];
            /** @description Published as this archive: the files (without their own download) come out of it; an import takes the archive or the folder extracted from it. */
            archive?: {
                /** @enum {string} */
                format: "tar.bz2" | "tar.gz" | "zip";
                /** @description Folders kept whole from the archive. */
                directories?: string[];
            };
            installed: boolean;
            installed_at?: string;
            size_on_disk?: number;
            /** @enum {string} */
            source?: "download" | "import";
            install?: components["schemas"]["InstallProgress"];
        };
        ModelList: {
            models: components["schemas"]["ModelRecord"][];
        };
        InstallModelBody: {
            /** @description Catalogue id of the model to install. */
            id: string;
            /** @description Install from this local file or folder instead of downloading. */
            source_path?: string;
        };
        ReusableLipsyncModel: {
            model_id: string;
            task_id: string;
            created_at: string;
        };
        SubtitleStyleRecord: {
            subtitle_style_id: string;
            name: string;
            /** @description Built-in styles are read-only. */
            builtin: boolean;
            font_family: string;
            font_size: number;
            primary_colour: string;
            outline_colour: string;
            outline_width: number;
            shadow: number;
            box: boolean;
            box_colour: string;
            bold: boolean;
            italic: boolean;
            /** @enum {string} */
            alignment: "left" | "center" | "right";
            created_at?: string;
            updated_at?: string;
        };
        SubtitleStyleList: {
            subtitle_styles: components["schemas"]["SubtitleStyleRecord"][];
        };
        SubtitleStyleBody: {
            name: string;
            /** @description Font family name, e.g. DejaVu Sans. Missing glyphs fall back to the bundled fonts. */
            font_family?: string;
            /** @description Font size as a fraction of the frame's shorter side (the height of landscape and square videos). */
            font_size?: number;
            /** @description Text colour. */
            primary_colour?: string;
            /** @description Outline colour around the letters. */
            outline_colour?: string;
            /** @description Outline thickness as a fraction of the font size. */
            outline_width?: number;
            /** @description Drop shadow offset as a fraction of the font size; 0 for none. */
            shadow?: number;
            /** @description Draw an opaque box behind each line instead of an outline. */
            box?: boolean;
            /** @description Box colour (with box: true); its alpha makes the box translucent. */
            box_colour?: string;
            bold?: boolean;
            italic?: boolean;
            /**
             * @description Horizontal alignment of the lines.
             * @enum {string}
             */
            alignment?: "left" | "center" | "right";
        };
        VoiceRecord: {
            /** @description Pass as selected_voice_id. */
            voice_id: string;
            name: string;
            /** @description Language code as in the supported language list. */
            language: string;
            /** @description The engine's locale or voice code, e.g. pt-br, en-gb, cmn. */
            locale?: string;
            /** @enum {string} */
            gender: "female" | "male" | "neutral";
            /** @description espeak (built in), piper, kokoro or zipvoice (installed voice models). */
            engine: string;
            /**
             * @description draft: eSpeak NG (robotic); standard: neural voices.
             * @enum {string}
             */
            quality: "draft" | "standard";
            /** @description Speaks in the voice of each speaker's own reference speech (voice_model=real) instead of a fixed voice. */
            clones?: boolean;
            /** @description Typical median pitch (F0) of the voice, Hz. */
            pitch_hz?: number;
            /** @description A short sentence in this voice (audio/wav). */
            sample_url: string;
        };
        VoiceList: {
            voices: components["schemas"]["VoiceRecord"][];
        };
        Health: {
            /** @constant */
            status: "ok";
            version: string;
            /** @description Tasks queued or running now. */
            active_tasks: number;
        };
        Capabilities: {
            capabilities: {
                transcribe: boolean;
                translate: boolean;
                speak: boolean;
                precision_lipsync: boolean;
            };
            missing: {
                [key: string]: {
                    /** @description Catalogue ids to install; empty when no engine in this version can do it. */
                    models: string[];
                    message: string;
                };
            };
        };
        KindInput: {
            /** @description The request field holding the URL. */
            field: string;
            /**
             * @description What sort of media it is; with `media_from`, the sort when that field holds none of its values.
             * @enum {string}
             */
            media: "video" | "audio" | "image" | "subtitle";
            media_from?: {
                /** @description The request field that says the sort, e.g. `media_type`. */
                field: string;
                /** @description That field's values and the sort each one means. */
                values: {
                    [key: string]: "video" | "audio" | "image" | "subtitle";
                };
            };
            /** @description The task's original input, shown beside its result; at most one input of a kind is main. */
            main: boolean;
        };
        KindsMeta: {
            kinds: {
                id: string;
                title: string;
                create_route: string;
                status_route: string;
                statuses: string[];
                /** @description The files its create request names by URL, main input first (local addition). */
                inputs: components["schemas"]["KindInput"][];
                stages: {
                    name: string;
                    status: string;
                    label: string;
                }[];
            }[];
        };
        Language: {
            /** @description ISO 639-1 code where one exists, else ISO 639-3; what the requests use. */
            code: string;
            /** @description ISO 639-3 code. */
            iso3: string;
            /** @description English name. */
            name: string;
        };
        LanguageList: {
            languages: components["schemas"]["Language"][];
        };
        ProjectSummary: {
            project_id: string;
            /** @enum {string} */
            kind: "translate" | "frame_translate";
            /** @description The job that made the project. */
            task_id: string;
            source_language: string;
            target_language: string;
            /** @description Goes up with every change to the project. */
            revision: number;
            segment_count: number;
            /** @description The input media, to play beside the editor. */
            media_url?: string;
            /** @description Seconds. */
            media_duration?: number;
            /** @description Opens the project in the GUI. */
            project_url: string;
            /** @description Tasks exported from it, newest first. */
            export_task_ids: string[];
            created_at: string;
            updated_at: string;
        };
        ProjectList: {
            projects: components["schemas"]["ProjectSummary"][];
        };
        SegmentFit: {
            /** @description The line spoken at the normal rate. */
            speech_seconds: number;
            /** @description Its time: from its start to the next line (or the end). */
            room_seconds: number;
            /** @description Speaking-rate boost the fit uses (1 = normal). */
            rate: number;
            /** @description Time-stretch on top of the rate (1 = none). */
            stretch: number;
        };
        /** @description Fractions of the frame, as ocr_text_box. */
        ProjectBox: {
            x: number;
            y: number;
            width: number;
            height: number;
        };
        ProjectSegment: {
            segment_id: string;
            /** @description Seconds in the input media. */
            start: number;
            end: number;
            source_text: string;
            target_text: string;
            /** @description Send it back with an edit; a stale one answers 409 conflict. */
            revision: number;
            /** @enum {string} */
            status: "ok" | "edited" | "regenerated" | "too_long";
            speaker?: string;
            /** @description null: the voice the export chooses for the speaker. */
            voice_id?: string | null;
            fit?: components["schemas"]["SegmentFit"] | null;
            box?: components["schemas"]["ProjectBox"];
        };
        Project: {
            project_id: string;
            /** @enum {string} */
            kind: "translate" | "frame_translate";
            /** @description The job that made the project. */
            task_id: string;
            source_language: string;
            target_language: string;
            /** @description Goes up with every change to the project. */
            revision: number;
            segment_count: number;
            /** @description The input media, to play beside the editor. */
            media_url?: string;
            /** @description Seconds. */
            media_duration?: number;
            /** @description Opens the project in the GUI. */
            project_url: string;
            /** @description Tasks exported from it, newest first. */
            export_task_ids: string[];
            created_at: string;
            updated_at: string;
            speakers: {
                speaker: string;
                voice_id: string | null;
            }[];
            segments: components["schemas"]["ProjectSegment"][];
        };
        SegmentPatch: {
            /** @description The segment revision the edit was made on. */
            revision: number;
            start?: number;
            end?: number;
            speaker?: string;
            source_text?: string;
            target_text?: string;
            voice_id?: string | null;
            box?: components["schemas"]["ProjectBox"];
        };
        EditedSegment: {
            segment_id: string;
            /** @description Seconds in the input media. */
            start: number;
            end: number;
            source_text: string;
            target_text: string;
            /** @description Send it back with an edit; a stale one answers 409 conflict. */
            revision: number;
            /** @enum {string} */
            status: "ok" | "edited" | "regenerated" | "too_long";
            speaker?: string;
            /** @description null: the voice the export chooses for the speaker. */
            voice_id?: string | null;
            fit?: components["schemas"]["SegmentFit"] | null;
            box?: components["schemas"]["ProjectBox"];
            /** @description The line is queued to be spoken again (its fit measured); a `line_spoken` event with this id says when. */
            speech_id?: string;
        };
        SegmentSplit: {
            /** @description Seconds, strictly inside the segment. */
            at: number;
            revision?: number;
        };
        SegmentsAnswer: {
            revision: number;
            segments: components["schemas"]["ProjectSegment"][];
        };
        SegmentMerge: {
            /** @description Neighbouring segments, in any order. */
            segment_ids: string[];
        };
        /** @description The line is queued to be spoken; the `line_spoken` event with this speech_id brings its preview URLs. */
        QueuedSpeech: {
            /** @description Names the `line_spoken` event (GET /v1/events) that says when the line is spoken. */
            speech_id: string;
            segment: components["schemas"]["ProjectSegment"];
        };
        TranslatedSegment: {
            segment_id: string;
            /** @description Seconds in the input media. */
            start: number;
            end: number;
            source_text: string;
            target_text: string;
            /** @description Send it back with an edit; a stale one answers 409 conflict. */
            revision: number;
            /** @enum {string} */
            status: "ok" | "edited" | "regenerated" | "too_long";
            speaker?: string;
            /** @description null: the voice the export chooses for the speaker. */
            voice_id?: string | null;
            fit?: components["schemas"]["SegmentFit"] | null;
            box?: components["schemas"]["ProjectBox"];
            /** @description The line is queued to be spoken again (its fit measured); a `line_spoken` event with this id says when. */
            speech_id?: string;
            /** @description Present only when there is something to check, in a job's warning words, e.g. user_prompt_not_used: the job's user_prompt was given and the translator does not follow it. */
            warnings?: components["schemas"]["TaskWarning"][];
        };
        SpeakerVoice: {
            speaker: string;
            voice_id: string | null;
        };
        Worker: {
            worker_id: string;
            /** @description host:pid of the process. */
            name: string;
            /** @description The job kinds it takes; null for every kind. */
            kinds: string[] | null;
            /** @description Tasks it runs at once at most. */
            concurrency: number;
            /** @description Tasks it is running now. */
            running: number;
            /** Format: date-time */
            started_at: string;
            /**
             * Format: date-time
             * @description Its last heartbeat; a worker silent for 15 s is no longer listed.
             */
            heartbeat_at: string;
        };
        WorkerList: {
            workers: components["schemas"]["Worker"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createLipsyncJob: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LipsyncRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task_id: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `conflicting_fields`, `too_many_glossaries`, `unsupported_language`, `unsupported_media`, `media_too_long`, `invalid_subtitle`, `model_not_installed`, `media_unreadable`, `no_audio`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLipsyncJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LipsyncStatus"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReusableLipsyncJob: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReusableLipsyncRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task_id: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `conflicting_fields`, `too_many_glossaries`, `unsupported_language`, `unsupported_media`, `media_too_long`, `invalid_subtitle`, `model_not_installed`, `media_unreadable`, `no_audio`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReusableLipsyncJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LipsyncStatus"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTranslateJob: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TranslateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task_id: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `conflicting_fields`, `too_many_glossaries`, `unsupported_language`, `unsupported_media`, `media_too_long`, `invalid_subtitle`, `model_not_installed`, `media_unreadable`, `no_audio`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTranslateJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranslateStatus"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createVisualTranslateJob: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FrameTranslateRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task_id: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `conflicting_fields`, `too_many_glossaries`, `unsupported_language`, `unsupported_media`, `media_too_long`, `invalid_subtitle`, `model_not_installed`, `media_unreadable`, `no_audio`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVisualTranslateJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FrameTranslateStatus"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                kind?: "lipsync" | "reusable_lipsync" | "translate" | "frame_translate";
                status?: "pending" | "processing" | "done" | "failed" | "cancelled" | "queuing" | "preprocessing" | "transcribing" | "translating" | "dubbing" | "rendering";
                /** @description Tasks per page. */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskSummary"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaskLog: {
        parameters: {
            query?: {
                /** @description How many of the last lines to answer. */
                limit?: number;
            };
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskLog"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskSummary"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskSummary"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    planTranslateJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TranslatePlanRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranslatePlan"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceSettings"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSettingsBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeableSettings"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description The API key, for clients that cannot send the Authorization header (EventSource). */
                key?: string;
                /** @description Only the events of this task. */
                task_id?: string;
                /** @description Only the task events of tasks of this kind. */
                kind?: "lipsync" | "reusable_lipsync" | "translate" | "frame_translate";
                /** @description Only the `line_spoken` events of this project (no task or model events). */
                project_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query?: {
                /** @description File name of a raw-body upload (or send the X-File-Name header, percent-encoded). */
                name?: string;
            };
            header?: {
                /** @description File name of a raw-body upload, percent-encoded (or pass `?name=`). */
                "x-file-name"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedFile"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query?: {
                /** @description Signed token from a result or upload URL; lets the URL work without the Authorization header. */
                token?: string;
                /** @description '1' or 'true' serves the file as an attachment (Save as) instead of inline. */
                download?: string;
            };
            header?: never;
            path: {
                /** @description The id from POST /v1/files or a result URL. */
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Success */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Range not satisfiable */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from POST /v1/files or a result URL. */
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGlossaries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        glossaries: components["schemas"]["GlossaryRecord"][];
                    };
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGlossary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GlossaryBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlossaryRecord"];
                };
            };
            /** @description Bad request: `invalid_request`, `unsupported_language`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGlossary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                glossary_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlossaryRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceGlossary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                glossary_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GlossaryBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlossaryRecord"];
                };
            };
            /** @description Bad request: `invalid_request`, `unsupported_language`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteGlossary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                glossary_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    installModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InstallModelBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelRecord"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelRecord"];
                };
            };
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelRecord"];
                };
            };
            /** @description Bad request: `invalid_request`, `unsupported_media`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient storage: `out_of_disk`. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Catalogue id, e.g. whisper-base. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Catalogue id, e.g. whisper-base. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReusableLipsyncModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        models: components["schemas"]["ReusableLipsyncModel"][];
                    };
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReusableLipsyncModel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    task_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        model_id: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReusableLipsyncModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReusableLipsyncModel"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteReusableLipsyncModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSubtitleStyles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubtitleStyleList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSubtitleStyle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubtitleStyleBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubtitleStyleRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSubtitleStyle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subtitle_style_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubtitleStyleRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceSubtitleStyle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subtitle_style_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubtitleStyleBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubtitleStyleRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSubtitleStyle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subtitle_style_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listVoices: {
        parameters: {
            query?: {
                /** @description Only voices for this language, optionally with a locale (de, pt-BR); the best-matching locale comes first. */
                language?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceList"];
                };
            };
            /** @description Bad request: `invalid_request`, `unsupported_language`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Voice id, e.g. espeak:de+f2. */
                voice_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceRecord"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVoiceSample: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Voice id, e.g. espeak:de+f2. */
                voice_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": string;
                };
            };
            /** @description Bad request: `invalid_request`, `model_not_installed`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`, `engine_failed`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Capabilities"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobKinds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KindsMeta"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLanguages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LanguageList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                task_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProjectWaveform: {
        parameters: {
            query?: {
                points?: number;
            };
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duration: number;
                        peaks: number[];
                    };
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSegment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                segment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SegmentPatch"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditedSegment"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    splitSegment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                segment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SegmentSplit"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentsAnswer"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mergeSegments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SegmentMerge"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentsAnswer"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    synthesizeSegment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                segment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueuedSpeech"];
                };
            };
            /** @description Bad request: `invalid_request`, `model_not_installed`, `unsupported_language`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    translateSegment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                segment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TranslatedSegment"];
                };
            };
            /** @description Bad request: `invalid_request`, `model_not_installed`, `unsupported_language`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`, `engine_failed`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setSpeakerVoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpeakerVoice"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentsAnswer"];
                };
            };
            /** @description Bad request: `invalid_request`, `unsupported_language`, `model_not_installed`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`, `engine_failed`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description translate projects; default: the job's own.
                     * @enum {string}
                     */
                    export_type?: "auto" | "video" | "audio" | "all";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        task_id: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `conflicting_fields`, `model_not_installed`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `rate_limited`. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented: `pipeline_unavailable`. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProjectSubtitles: {
        parameters: {
            query: {
                track: "source" | "target" | "bilingual";
            };
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-subrip": string;
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceProjectSubtitles: {
        parameters: {
            query: {
                track: "source" | "target" | "bilingual";
            };
            header?: never;
            path: {
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-subrip": string;
                "text/plain": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Bad request: `invalid_request`, `invalid_subtitle`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `conflict`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `payload_too_large`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkerList"];
                };
            };
            /** @description Bad request: `invalid_request`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `unauthorized`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `forbidden`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `internal`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable: `database_unavailable`. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again (5 while the database is unavailable, 30 when rate_limited). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
