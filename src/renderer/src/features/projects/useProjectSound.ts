import { useEffect, useState } from 'react';
import type { ApiClient, Project, VoiceRecord, Waveform } from '../../api/client.js';

/** The voices a dubbing project's target language offers, and the waveform of the project's audio. */
export function useProjectSound(client: ApiClient, projectId: string, project: Project | undefined) {
  const [voices, setVoices] = useState<VoiceRecord[]>([]);
  const [waveform, setWaveform] = useState<Waveform>();
  const kind = project?.kind;
  const target = project?.target_language;
  const mediaDuration = project?.media_duration;
  const loaded = Boolean(project);
  useEffect(() => {
    if (!target || kind !== 'translate') return;
    client.voices(target).then(setVoices, () => setVoices([]));
  }, [client, target, kind]);
  useEffect(() => {
    if (!loaded) return;
    // About 20 peaks a second, within what the route gives; a media without sound has none (404), drawn as no waveform.
    const points = mediaDuration ? Math.min(20_000, Math.max(1000, Math.round(mediaDuration * 20))) : 4000;
    client.waveform(projectId, points).then(setWaveform, () => undefined);
  }, [client, projectId, loaded, mediaDuration]);
  return { voices, waveform };
}
