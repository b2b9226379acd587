import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { trimSilence } from '../../media/dsp/envelope.js';
import { speakableText } from '../../media/srt.js';
import type { Stage } from '../types.js';
import { languagePart } from '../../../shared/languages.js';
import type { TtsEngine, Voice } from '../../engines/tts/types.js';
import { chooseVoices, type VoiceChoice } from '../../dubbing/choose-voices.js';
import { cloneVoices, type ClonedVoiceChoice } from './clone-voices.js';
import { saveClip, writeDubTrack, type StoredClip } from '../../dubbing/dub-track.js';
import { checkLineSpeakable, judgeLineSpeeds } from '../../dubbing/line-speed.js';
import { SPEECH_SAMPLE_RATE } from './speech-rate.js';
import { measureSpeakers, readAnalysisSpeech } from '../../dubbing/speaker-pitch.js';
import { planDubTiming, roomPerLineMs, TIMING_DEFAULTS } from '../../dubbing/timing-plan.js';
import type { DubCue, SpokenLine, SynthesizedDub, TranslateDeps, TranslateRequest } from './types.js';
import { createTimeMap, videoRetimeFilter } from '../../media/video-retime.js';
import { translateOutput } from './outputs.js';
import { dubLines } from './lines.js';
import { readProjectSnapshot, type ProjectSnapshot } from '../project-snapshot.js';
import { clipKey, EXPORT_CLIP_USER, openClipCache } from '../../dubbing/clip-cache.js';
import { plannedEngineOf } from './planned-step.js';
import { plannedCloningVoice, plannedVoices } from './planned-voices.js';

/** A faster voice sounds more natural than a stretched one, so the rate boost is used before the stretch. */
export const MAX_RATE_BOOST = 1.25;

/** Lines synthesized at once: enough to keep the TTS workers busy, few enough that memory stays flat in the number of lines. */
const SYNTHESIS_CONCURRENCY = 4;

/**
 * Runs `work` for each item with at most `limit` running at a time; results in item order. After a failure no new
 * item starts, and the first error is thrown once the running ones have settled (nothing keeps working behind it).
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * The planned engine's voice that clones every speaker, or undefined for stock voices: voice_model real
 * (model_not_installed when the target language has no cloning voice now), or a selected voice that clones.
 */
function cloningVoice(request: TranslateRequest, planned: TtsEngine, deps: TranslateDeps): Voice | undefined {
  if (request.selected_voice_id)
    return planned.voices().find((voice) => voice.id === request.selected_voice_id && voice.clones);
  return request.voice_model === 'real'
    ? plannedCloningVoice(planned, languagePart(request.target_language), deps.engines)
    : undefined;
}

/** dubbing: a voice per speaker, every line spoken, fitted to its cue, and assembled into one dub track. */
export function synthesizeStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'synthesize',
    label: 'Synthesizing voices',
    status: 'dubbing',
    weight: 2,
    async run(input, ctx) {
      const { request, outputs } = input;
      // The planned voice engine must still be there (a retry after its voice model was removed fails naming it).
      const planned = deps.engines.planned(
        'voices',
        plannedEngineOf(input, deps.engines, 'speak'),
        'Voicing the translation',
      );
      ctx.log(`voicing with ${planned.id}, as planned`);
      const prepared = translateOutput(outputs, 'prepare-media');
      const { cues } = await dubLines({ request, outputs }, ctx);
      const mediaDurationMs = Math.round(prepared.media.durationSec * 1000);

      // Voices: cloned from each speaker's own speech (real), or a stock voice of the speaker's gender (native) tuned
      // to their pitch (auto); a voice the user chose needs neither.
      let speakers = [...new Set(cues.map((cue) => cue.speaker))].map((id) => ({
        id,
        name: id,
        medianF0: undefined as number | undefined,
      }));
      const voiceModel = request.voice_model ?? 'auto';
      const cloning = cloningVoice(request, planned, deps);
      const project = await readProjectSnapshot(ctx.workDir);
      let choices: Map<string, VoiceChoice | ClonedVoiceChoice>;
      if (cloning) {
        choices = await cloneVoices(
          cloning,
          speakers.map((speaker) => speaker.id),
          { request, outputs },
          ctx,
          deps,
        );
      } else if (project && speakers.every((speaker) => project.speakerVoices[speaker.id])) {
        choices = projectVoices(
          project,
          speakers.map((speaker) => speaker.id),
        );
      } else {
        if (!request.selected_voice_id) {
          const analysed = await readAnalysisSpeech(
            path.join(ctx.workDir, prepared.speechWav),
            cues,
            SPEECH_SAMPLE_RATE,
          );
          const measured = new Map(
            measureSpeakers(analysed.cues, analysed.speech, SPEECH_SAMPLE_RATE).map((speaker) => [
              speaker.id,
              speaker.medianF0,
            ]),
          );
          speakers = speakers.map((speaker) => ({ ...speaker, medianF0: measured.get(speaker.id) }));
        }
        choices = chooseVoices({
          targetLanguage: request.target_language,
          speakers,
          selectedVoiceId: request.selected_voice_id,
          voiceModel,
          // Only the planned engine's voices: the plan leaves the choice among them to the run, never another engine's.
          voices: plannedVoices(planned, request.target_language, request.selected_voice_id !== undefined),
        });
      }
      for (const choice of choices.values()) ctx.log(choice.reason);
      if (voiceModel === 'auto' && !request.selected_voice_id)
        ctx.log(
          "voice matching with the stock voices: pitch shifted to each speaker's median F0 (voice_model real clones their own voices)",
        );

      // Clips go to disk as they are made; only their lengths stay in memory. A project keeps them by content, so
      // its next export speaks only the lines that changed.
      const clipDir = path.join(ctx.workDir, 'audio', 'clips');
      await rm(clipDir, { recursive: true, force: true });
      await mkdir(clipDir, { recursive: true });
      const cache = project ? await openClipCache(project.clipCache, { ffmpeg: deps.media.ffmpeg }) : undefined;
      let done = 0;
      let spoken = 0;
      const total = cues.length * 2;
      const speak = async (cue: DubCue, rate: number): Promise<StoredClip> => {
        const choice = choices.get(cue.speaker)!;
        // A line given its own voice in the project speaks it as is; the speaker's voice keeps its pitch and reference.
        const own: VoiceChoice | ClonedVoiceChoice =
          cue.voiceId && cue.voiceId !== choice.voiceId
            ? { voiceId: cue.voiceId, pitchSemitones: 0, reason: '' }
            : choice;
        const reference = 'reference' in own ? { reference: (own as ClonedVoiceChoice).reference } : {};
        const synthesis = {
          text: speakableText(cue.text),
          voiceId: own.voiceId,
          rate,
          pitchSemitones: own.pitchSemitones,
          ...reference,
        };
        const key = clipKey(synthesis);
        const cached = cache?.find(key, cue.index);
        if (cached) {
          ctx.progress(++done / total);
          return cached;
        }
        const speech = await deps.engines.ttsFor(own.voiceId).synthesize({ ...synthesis, signal: ctx.signal });
        spoken++;
        ctx.progress(++done / total);
        const trimmed = trimSilence(speech.samples, speech.sampleRate).samples;
        if (cache) return cache.save(key, cue.index, trimmed, speech.sampleRate, ctx.signal);
        return saveClip(
          path.join(clipDir, `${cue.index}-${rate === 1 ? 'normal' : 'fast'}.f32`),
          cue.index,
          trimmed,
          speech.sampleRate,
        );
      };
      const msOf = (clip: StoredClip) => (clip.length / clip.sampleRate) * 1000;

      // Pass 1 at the normal rate tells how fast each line must be; pass 2 re-speaks only the lines that must be faster.
      const alignVideo = request.align_video ?? false;
      const options = { maxStretch: deps.maxStretch, maxRateBoost: MAX_RATE_BOOST, alignVideo };
      const rooms = roomPerLineMs(cues, mediaDurationMs, TIMING_DEFAULTS.minGapMs);
      const first = await mapBounded(cues, SYNTHESIS_CONCURRENCY, async (cue, i) => {
        const clip = await speak(cue, 1);
        // A line that cannot be spoken intelligibly in its time fails the job at once, not after every other line.
        if (!alignVideo) checkLineSpeakable(cue, msOf(clip), rooms[i]!);
        return clip;
      });
      const draft = planDubTiming({ cues, speechMs: first.map(msOf), mediaDurationMs }, options);
      const clips = await mapBounded(cues, SYNTHESIS_CONCURRENCY, async (cue, i) =>
        draft.lines[i]!.rate > 1 ? speak(cue, draft.lines[i]!.rate) : (ctx.progress(++done / total), first[i]!),
      );
      const plan = planDubTiming(
        { cues, speechMs: clips.map(msOf), synthesizedRates: draft.lines.map((line) => line.rate), mediaDurationMs },
        options,
      );
      if (cache)
        ctx.log(`${spoken} clips synthesized; the project's saved audio served the rest of ${cues.length} lines`);
      for (const line of plan.summary.lines) ctx.log(line);
      for (const warning of judgeLineSpeeds(plan, deps.maxStretch)) ctx.warn(warning);

      const dubTrack = 'audio/dub.wav';
      const written = await writeDubTrack(path.join(ctx.workDir, dubTrack), clips, plan.lines, {
        durationMs: plan.outputDurationMs,
        signal: ctx.signal,
      });
      for (const line of written.log) ctx.log(line);
      await rm(clipDir, { recursive: true, force: true });
      // The project keeps the takes of its last export (clip-cache.ts), so the next export after an edit reuses them.
      await cache?.recordUse(EXPORT_CLIP_USER);

      const normalMs = new Map(cues.map((cue, i) => [cue.index, Math.round(msOf(first[i]!))]));
      const spokenLines = written.placed.map((placed): SpokenLine => ({
        index: placed.index,
        normalMs: normalMs.get(placed.index) ?? 0,
        placedStartMs: placed.startMs,
        placedEndMs: placed.endMs,
      }));
      const map = createTimeMap(plan.slowdowns);
      const outputCues = cues.map((cue, i) => {
        const placed = written.placed[i]!;
        const nextStart = i + 1 < cues.length ? plan.toOutputMs(cues[i + 1]!.startMs) : plan.outputDurationMs;
        // The subtitle stays up while its line is spoken, even when the voice borrowed the pause after the cue.
        return {
          ...cue,
          startMs: plan.toOutputMs(cue.startMs),
          endMs: Math.min(nextStart, Math.max(plan.toOutputMs(cue.endMs), placed.endMs)),
        };
      });
      return {
        dubTrack,
        outputDurationMs: plan.outputDurationMs,
        slowdowns: plan.slowdowns,
        outputCues,
        videoFilters:
          map.segments.length && prepared.media.fps ? [videoRetimeFilter(plan.slowdowns, prepared.media.fps)] : [],
        voices: Object.fromEntries(
          [...choices].map(([speaker, choice]) => [
            speaker,
            {
              voiceId: choice.voiceId,
              pitchSemitones: choice.pitchSemitones,
              ...('reference' in choice
                ? {
                    reference: {
                      file: choice.referenceFile,
                      startMs: choice.startMs,
                      endMs: choice.endMs,
                      text: choice.reference.text,
                    },
                  }
                : {}),
            },
          ]),
        ),
        spoken: spokenLines,
      } satisfies SynthesizedDub;
    },
  };
}

/** The voices a project's speakers were given (by the dub it was made from, or since in the editor). */
function projectVoices(project: ProjectSnapshot, speakers: readonly string[]): Map<string, VoiceChoice> {
  return new Map(
    speakers.map((speaker) => {
      const voice = project.speakerVoices[speaker]!;
      return [speaker, { ...voice, reason: `${speaker}: ${voice.voiceId}, the project's voice for them` }];
    }),
  );
}
