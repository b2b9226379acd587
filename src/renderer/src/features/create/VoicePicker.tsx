import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { useCatalog } from '../../stores/catalog.js';

interface VoicePickerProps {
  id: string;
  client: ApiClient;
  language: string;
  value: string;
  onChange(voiceId: string): void;
  error?: string;
}

/** The voices of the target language, with a button that plays the chosen voice's sample sentence. */
export function VoicePicker({ id, client, language, value, onChange, error }: VoicePickerProps) {
  const entry = useCatalog((s) => (language ? s.voices[language] : undefined));
  const loadVoices = useCatalog((s) => s.loadVoices);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (language) void loadVoices(client, language);
  }, [client, language, loadVoices]);

  const voices = Array.isArray(entry) ? entry : [];
  const chosen = voices.find((voice) => voice.voice_id === value);
  const hint = !language
    ? 'Choose the target language first.'
    : entry === 'loading'
      ? 'Loading voices…'
      : entry === 'failed'
        ? 'The voices could not be loaded.'
        : voices.length === 0
          ? 'No built-in voice speaks this language.'
          : `${voices.length} voices. Automatic picks one per speaker.`;

  return (
    <div className="field voice-picker" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>Voice</label>
      <div className="voice-picker-row">
        <select
          id={id}
          value={chosen ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        >
          <option value="">Automatic</option>
          {voices.map((voice) => (
            <option key={voice.voice_id} value={voice.voice_id}>
              {voice.name} · {voice.gender}
              {voice.locale ? ` · ${voice.locale}` : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="secondary"
          disabled={!chosen}
          aria-label={
            chosen ? `${playing ? 'Stop' : 'Play'} a sample of ${chosen.name}` : 'Play a sample (choose a voice first)'
          }
          onClick={() => {
            const element = audio.current;
            if (!element || !chosen) return;
            if (playing) {
              element.pause();
              return;
            }
            element.src = client.withKey(chosen.sample_url);
            void element.play().catch(() => setPlaying(false));
          }}
        >
          {playing ? 'Stop' : 'Play sample'}
        </button>
        <audio
          ref={audio}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          preload="none"
        />
      </div>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
