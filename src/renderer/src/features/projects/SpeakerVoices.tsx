import type { Project, VoiceRecord } from '../../api/client.js';
import { useNotices } from '../../stores/notices.js';
import type { ProjectEditor } from './project-editor.js';

/** One voice choice per speaker of a dubbing project (none when it has no speakers). */
export function SpeakerVoices({
  project,
  voices,
  editor,
}: {
  project: Project;
  voices: VoiceRecord[];
  editor: ProjectEditor;
}) {
  const push = useNotices((s) => s.push);
  const speakers = [
    ...new Set([
      ...project.speakers.map((item) => item.speaker),
      ...project.segments.flatMap((segment) => (segment.speaker ? [segment.speaker] : [])),
    ]),
  ].sort();
  const speakerVoice = (speaker: string) => project.speakers.find((item) => item.speaker === speaker)?.voice_id ?? '';
  if (speakers.length === 0) return null;
  return (
    <div className="speaker-voices" role="group" aria-label="Voices of the speakers">
      {speakers.map((speaker) => (
        <label key={speaker}>
          Voice for {speaker}:
          <select
            value={speakerVoice(speaker)}
            onChange={(event) =>
              void editor
                .setSpeakerVoice(speaker, event.target.value || null)
                .catch((error: Error) => push(error.message, 'error'))
            }
          >
            <option value="">Automatic (the export chooses)</option>
            {voices.map((voice) => (
              <option key={voice.voice_id} value={voice.voice_id}>
                {voice.name}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
