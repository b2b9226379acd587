import type { ApiClient } from '../../api/client.js';
import { Field } from '../../components/Field.js';
import type { TranslateForm as Form } from './request-builders.js';
import type { TranslateSectionProps } from './translate-section.js';
import { VoicePicker } from './VoicePicker.js';

/** The dub's voice, and what the task exports (no video from audio inputs). */
export function TranslateVoiceFields({
  client,
  form,
  set,
  errors,
  allAudio,
}: TranslateSectionProps & { client: ApiClient; allAudio: boolean }) {
  return (
    <div className="form-grid">
      <Field
        id="translate-voice-model"
        label="Voice model"
        hint="Default: auto. Real clones each speaker's own voice (the plan below says if it needs a model); native uses stock voices."
        error={errors.voice_model}
      >
        <select
          value={form.voice_model}
          onChange={(event) => set('voice_model', event.target.value as Form['voice_model'])}
        >
          <option value="auto">Auto</option>
          <option value="real">Real (each speaker's own voice, cloned)</option>
          <option value="native">Native (stock voice)</option>
        </select>
      </Field>
      <VoicePicker
        id="translate-voice"
        client={client}
        language={form.target_language}
        value={form.selected_voice_id}
        onChange={(voiceId) => set('selected_voice_id', voiceId)}
        error={errors.selected_voice_id}
      />
      <Field id="translate-export" label="Export" hint="Required; auto = the input's type." error={errors.export_type}>
        <select
          value={form.export_type}
          onChange={(event) => set('export_type', event.target.value as Form['export_type'])}
        >
          <option value="auto">Auto</option>
          <option value="video" disabled={allAudio}>
            Video
          </option>
          <option value="audio">Audio</option>
          <option value="all" disabled={allAudio}>
            All (video and audio)
          </option>
        </select>
      </Field>
    </div>
  );
}
