import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { formatBytes, formatPercent } from '../../lib/format.js';
import { useCatalog } from '../../stores/catalog.js';
import { kindOf, useKinds } from '../../stores/kinds.js';
import { useStaging, type StagedFile } from '../../stores/staging.js';
import { useView } from '../../stores/view.js';
import { FrameTranslateForm } from './FrameTranslateForm.js';
import { LipsyncForm } from './LipsyncForm.js';
import { KindForm } from './KindForm.js';
import { kindOffers } from './kind-offers.js';
import { offersFor, type JobChoice } from './plan-jobs.js';
import { TranslateForm } from './TranslateForm.js';

/** The kinds with a form of their own below; any other kind GET /v1/meta lists gets the JSON form (KindForm). */
const KINDS_WITH_FORMS: ReadonlySet<string> = new Set<JobChoice>(['translate', 'lipsync', 'frame_translate']);
/**
 * Kinds the drop list never offers as a JSON form: these, and reusable lip-sync, whose model_id the GUI has no picker
 * for yet (API and CLI only).
 */
const KINDS_NOT_OFFERED_AS_JSON: ReadonlySet<string> = new Set([...KINDS_WITH_FORMS, 'reusable_lipsync']);

const KIND_NAMES = {
  video: 'Video',
  image: 'Picture',
  audio: 'Audio',
  subtitle: 'Subtitles',
  unknown: 'Not usable',
} as const;

function StagedRow({ client, file }: { client: ApiClient; file: StagedFile }) {
  const { remove, retry } = useStaging();
  const percent = file.size > 0 ? formatPercent(file.sent / file.size) : file.state === 'ready' ? 100 : 0;
  const state =
    file.state === 'ready'
      ? file.url?.startsWith('file:')
        ? 'Used in place'
        : 'Uploaded'
      : file.state === 'uploading'
        ? `Uploading ${percent}%`
        : file.state === 'waiting'
          ? 'Waiting to upload'
          : 'Failed';
  return (
    <li className="staged" data-state={file.state} data-kind={file.kind}>
      <span className="kind-badge">{KIND_NAMES[file.kind]}</span>
      <span className="staged-name">{file.name}</span>
      <span className="muted">{file.size > 0 ? formatBytes(file.size) : ''}</span>
      <progress max={100} value={percent} aria-label={`Upload of ${file.name}`} />
      <span className="staged-state" aria-live="polite">
        {state}
      </span>
      {file.error ? <span className="field-error">{file.error}</span> : null}
      {file.state === 'failed' && file.kind !== 'unknown' ? (
        <button type="button" className="secondary small" onClick={() => retry(client, file.id)}>
          Retry upload
        </button>
      ) : null}
      <button
        type="button"
        className="secondary small"
        onClick={() => remove(file.id)}
        aria-label={`Remove ${file.name}`}
      >
        Remove
      </button>
    </li>
  );
}

export function CreateView({ client, onChooseFiles }: { client: ApiClient; onChooseFiles(): void }) {
  const files = useStaging((s) => s.files);
  const clear = useStaging((s) => s.clear);
  const show = useView((s) => s.show);
  const { loaded, load, error } = useCatalog();
  const kinds = useKinds((s) => s.kinds);
  const offers = [
    ...offersFor(files.filter((file) => file.kind !== 'unknown')),
    ...kindOffers(
      kinds,
      files.filter((file) => file.kind !== 'unknown'),
      KINDS_NOT_OFFERED_AS_JSON,
    ),
  ];
  const [choice, setChoice] = useState<string>();
  const active = offers.find((offer) => offer.choice === choice) ?? offers[0];
  const otherKind = active && !KINDS_WITH_FORMS.has(active.choice) ? kindOf(kinds, active.choice) : undefined;

  useEffect(() => {
    if (!loaded) void load(client);
  }, [client, loaded, load]);

  const onDone = (taskIds: string[]) => {
    clear();
    setChoice(undefined);
    show(taskIds.length === 1 ? { name: 'task', taskId: taskIds[0] } : { name: 'tasks' });
  };
  const usable = files.filter((file) => file.kind !== 'unknown');

  return (
    <section className="create" aria-labelledby="create-title">
      <div className="section-head">
        <h2 id="create-title">New task</h2>
        <button type="button" className="secondary" onClick={onChooseFiles}>
          Add files
        </button>
        {files.length > 0 ? (
          <button type="button" className="secondary" onClick={clear}>
            Clear
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="error">
          Lists for the form could not be loaded: {error}
        </p>
      ) : null}
      {files.length === 0 ? (
        <div className="drop-hint">
          <p>Drop videos, pictures, audio and SRT subtitles anywhere in this window, or choose them.</p>
          <p className="muted">
            A video or audio with an SRT can be dubbed; a face picture or video with an audio can be lip-synced; a
            video's on-screen text can be translated. Several media files make one task each, with the same settings.
          </p>
          <button type="button" onClick={onChooseFiles}>
            Choose files
          </button>
        </div>
      ) : (
        <ul className="staged-list" aria-label="Files">
          {files.map((file) => (
            <StagedRow key={file.id} client={client} file={file} />
          ))}
        </ul>
      )}
      {usable.length > 0 && offers.length === 0 ? (
        <p role="status">
          These files make no task on their own: add a video or audio to dub, or a picture with an audio to lip-sync.
        </p>
      ) : null}
      {offers.length > 0 && active ? (
        <>
          <fieldset className="offers">
            <legend>What to make</legend>
            {offers.map((offer) => (
              <label
                key={offer.choice}
                className="offer"
                data-checked={offer.choice === active.choice ? true : undefined}
              >
                <input
                  type="radio"
                  name="job-choice"
                  value={offer.choice}
                  checked={offer.choice === active.choice}
                  onChange={() => setChoice(offer.choice)}
                />
                <span className="offer-title">
                  {offer.title}
                  {offer.count > 1 ? ` · ${offer.count} tasks` : ''}
                </span>
                <span className="muted">{offer.description}</span>
              </label>
            ))}
          </fieldset>
          {active.choice === 'translate' ? <TranslateForm client={client} files={usable} onDone={onDone} /> : null}
          {active.choice === 'lipsync' ? <LipsyncForm client={client} files={usable} onDone={onDone} /> : null}
          {active.choice === 'frame_translate' ? (
            <FrameTranslateForm client={client} files={usable} onDone={onDone} />
          ) : null}
          {otherKind ? (
            <KindForm
              key={otherKind.id}
              client={client}
              kind={otherKind}
              kinds={kinds}
              files={usable}
              onDone={onDone}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
