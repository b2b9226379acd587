import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient, VoiceRecord } from '../../api/client.js';
import { CopyButton } from '../../components/CopyButton.js';
import { useCatalog } from '../../stores/catalog.js';
import { ALL_VOICES, filterVoices, voiceLanguages, type VoiceFilter } from './voice-filter.js';

/** What the table calls each engine (others show their id). */
const ENGINE_NAMES: Readonly<Record<string, string>> = {
  espeak: 'eSpeak NG',
  piper: 'Piper',
  kokoro: 'Kokoro',
  zipvoice: 'ZipVoice',
};

/** Rows drawn at first and per "show more": the full list has well over a thousand voices. */
const PAGE_ROWS = 100;

/** The built-in and installed voices (read-only), filtered by language, each with its engine, quality and sample sentence to hear. */
export function VoicesView({ client }: { client: ApiClient }) {
  const { languages, load } = useCatalog();
  const [voices, setVoices] = useState<VoiceRecord[]>();
  const [problem, setProblem] = useState<string>();
  const [filter, setFilter] = useState<VoiceFilter>(ALL_VOICES);
  const [playing, setPlaying] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const [limit, setLimit] = useState(PAGE_ROWS);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    void load(client);
    client.voices().then(
      (list) => {
        setVoices(list);
        // Start with the language of this browser when voices speak it: the whole list is long.
        const own = navigator.language.split('-')[0]?.toLowerCase();
        if (own && list.some((voice) => voice.language === own))
          setFilter((current) => (current === ALL_VOICES ? { ...current, language: own } : current));
      },
      (error: Error) => setProblem(error.message),
    );
  }, [client, load]);

  const options = useMemo(() => voiceLanguages(voices ?? [], languages), [voices, languages]);
  const shown = useMemo(() => filterVoices(voices ?? [], filter), [voices, filter]);
  useEffect(() => setLimit(PAGE_ROWS), [filter]);

  const toggle = (voice: VoiceRecord) => {
    const element = audio.current;
    if (!element) return;
    if (playing === voice.voice_id) {
      element.pause();
      return;
    }
    setFailed(undefined);
    element.src = client.withKey(voice.sample_url);
    element.dataset.voice = voice.voice_id;
    void element.play().catch(() => setFailed(voice.voice_id));
  };

  return (
    <section className="library" aria-labelledby="voices-title">
      <div className="section-head">
        <h2 id="voices-title">Voices</h2>
      </div>
      <p className="muted">
        The voices a dub can speak with (<code>selected_voice_id</code>). eSpeak NG's are built in (draft: robotic but
        in about 100 languages); installing a voice model on the Models page adds natural-sounding ones.
      </p>
      <VoiceFilters filter={filter} onFilter={setFilter} options={options} total={voices?.length ?? 0} />
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : null}
      {!voices && !problem ? <p aria-busy="true">Loading voices…</p> : null}
      {voices ? (
        <p className="count muted" aria-live="polite">
          {shown.length} of {voices.length} voices
        </p>
      ) : null}
      <audio
        ref={audio}
        preload="none"
        onPlay={(event) => setPlaying(event.currentTarget.dataset.voice)}
        onPause={() => setPlaying(undefined)}
        onEnded={() => setPlaying(undefined)}
        onError={(event) => {
          setFailed(event.currentTarget.dataset.voice);
          setPlaying(undefined);
        }}
      />
      {voices && shown.length > 0 ? (
        <table className="keys voices-table">
          <caption className="visually-hidden">Voices</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Language</th>
              <th scope="col">Type</th>
              <th scope="col">Engine</th>
              <th scope="col">Pitch</th>
              <th scope="col">Id</th>
              <th scope="col">
                <span className="visually-hidden">Sample</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, limit).map((voice) => (
              <VoiceRow
                key={voice.voice_id}
                voice={voice}
                languageName={options.find((option) => option.code === voice.language)?.name ?? voice.language}
                playing={playing === voice.voice_id}
                failed={failed === voice.voice_id}
                onToggle={() => toggle(voice)}
              />
            ))}
          </tbody>
        </table>
      ) : voices ? (
        <p className="empty">No voice matches.</p>
      ) : null}
      {shown.length > limit ? (
        <button type="button" className="secondary" onClick={() => setLimit(limit + PAGE_ROWS * 5)}>
          Show more ({shown.length - limit} left)
        </button>
      ) : null}
    </section>
  );
}

/** One voice: its language, type, engine and quality, pitch and id, and its sample to hear. */
function VoiceRow(props: {
  voice: VoiceRecord;
  languageName: string;
  playing: boolean;
  failed: boolean;
  onToggle(): void;
}) {
  const { voice, languageName, playing, failed, onToggle } = props;
  return (
    <tr>
      <td>{voice.name}</td>
      <td>
        {languageName}
        {voice.locale ? <span className="muted"> · {voice.locale}</span> : null}
      </td>
      <td>{voice.gender}</td>
      <td className="voice-engine">
        {ENGINE_NAMES[voice.engine] ?? voice.engine}
        <span
          className={`badge ${voice.quality}`}
          title={
            voice.quality === 'draft'
              ? 'Rule-based voice: robotic, but in about 100 languages.'
              : 'Neural voice from an installed model.'
          }
        >
          {voice.quality}
        </span>
        {voice.clones ? (
          <span className="badge" title="Speaks in each speaker's own voice (voice model: real).">
            clones
          </span>
        ) : null}
      </td>
      <td>{voice.pitch_hz ? `${Math.round(voice.pitch_hz)} Hz` : '—'}</td>
      <td>
        <code>{voice.voice_id}</code> <CopyButton text={voice.voice_id} label="Copy id" className="secondary small" />
      </td>
      <td>
        {voice.clones ? (
          <span className="muted" title="It speaks in the voice of each speaker's own speech (voice model: real).">
            No sample
          </span>
        ) : (
          <button
            type="button"
            className="secondary small"
            aria-label={`${playing ? 'Stop' : 'Play'} a sample of ${voice.name}`}
            onClick={onToggle}
          >
            {playing ? 'Stop' : 'Play sample'}
          </button>
        )}
        {failed ? <span className="field-error"> The sample could not be played.</span> : null}
      </td>
    </tr>
  );
}

/** Language, voice type and a search over name and id. */
function VoiceFilters(props: {
  filter: VoiceFilter;
  onFilter(filter: VoiceFilter): void;
  options: ReturnType<typeof voiceLanguages>;
  total: number;
}) {
  const { filter, onFilter, options, total } = props;
  return (
    <div className="filters" role="search">
      <label className="visually-hidden" htmlFor="voices-language">
        Language
      </label>
      <select
        id="voices-language"
        value={filter.language}
        onChange={(event) => onFilter({ ...filter, language: event.target.value })}
      >
        <option value="">All languages ({total})</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} ({option.count})
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor="voices-gender">
        Voice type
      </label>
      <select
        id="voices-gender"
        value={filter.gender}
        onChange={(event) => onFilter({ ...filter, gender: event.target.value as VoiceFilter['gender'] })}
      >
        <option value="">Any voice</option>
        <option value="female">Female</option>
        <option value="male">Male</option>
        <option value="neutral">Neutral</option>
      </select>
      <input
        type="search"
        aria-label="Search voices"
        placeholder="Search name or id"
        value={filter.query}
        onChange={(event) => onFilter({ ...filter, query: event.target.value })}
      />
    </div>
  );
}
