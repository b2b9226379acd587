// A visual translate job's project and its export: the draft keeps each text block with its time, texts and box (in
// fractions of the frame); an export draws the project's lines, each erasing what its original block showed during
// the line's own time, and drawing its (edited) text in its (edited) box.
import { describe, expect, it } from 'vitest';
import { makeProjectStage, normalizeBox } from '../../src/main/pipelines/frame-translate/make-project-stage.js';
import { denormalizeBox, projectBlocks } from '../../src/main/pipelines/frame-translate/project-blocks.js';
import { eraseSpans, textsToDraw } from '../../src/main/pipelines/frame-translate/render-stage.js';
import type { ReadTextEvent } from '../../src/main/engines/ocr/video-text/read-events.js';
import type { FrameTranslateRequest, TextBlock } from '../../src/main/pipelines/frame-translate/types.js';
import type { ProjectDraft, SnapshotLine } from '../../src/main/pipelines/project-snapshot.js';
import type { StageContext } from '../../src/main/pipelines/types.js';

const find = { width: 640, height: 360 };
const display = { width: 1280, height: 720 };
const FPS = 25;

function line(
  text: string,
  startMs: number,
  endMs: number,
  box: TextBlock['box'],
  fillRgb: [number, number, number] = [250, 250, 250],
): ReadTextEvent {
  return { startMs, endMs, box, text, confidence: 0.9, colours: { fillRgb, outlineRgb: [0, 0, 0] } };
}

// A two-line subtitle at the bottom, a yellow title at the top, and a second subtitle in the bottom band later.
const blocks: TextBlock[] = [
  {
    id: 1,
    startMs: 1000,
    endMs: 3000,
    box: { x: 200, y: 280, width: 240, height: 60 },
    sourceText: 'Hello my friend, how are you',
    targetText: 'Hola mi amigo, cómo estás',
    lines: [
      line('Hello my friend,', 1000, 3000, { x: 220, y: 280, width: 200, height: 28 }),
      line('how are you', 1000, 3000, { x: 200, y: 312, width: 240, height: 28 }),
    ],
  },
  {
    id: 2,
    startMs: 0,
    endMs: 8000,
    box: { x: 20, y: 20, width: 180, height: 32 },
    sourceText: 'The black cat',
    targetText: 'El gato negro',
    lines: [line('The black cat', 0, 8000, { x: 20, y: 20, width: 180, height: 32 }, [255, 255, 0])],
  },
  {
    id: 3,
    startMs: 3600,
    endMs: 6000,
    box: { x: 230, y: 312, width: 180, height: 28 },
    sourceText: 'The house is big',
    targetText: 'La casa es grande',
    lines: [line('The house is big', 3600, 6000, { x: 230, y: 312, width: 180, height: 28 })],
  },
];

function context(logs: string[] = []): StageContext {
  return {
    taskId: 't',
    workDir: '/nowhere',
    signal: new AbortController().signal,
    progress: () => {},
    log: (message) => logs.push(message),
    warn: () => {},
  };
}

async function draftOf(request: Partial<FrameTranslateRequest>): Promise<ProjectDraft> {
  const stage = makeProjectStage();
  const outputs = {
    'fetch-inputs': {
      inputs: { video_url: { path: '/media/news.mp4', name: 'news.mp4', info: { durationSec: 8.04 } } },
    },
    'translate-text': { sourceLanguage: 'en', targetLanguage: 'es', frame: find, blocks, translator: 'Apertium' },
  };
  return (await stage.run({ request: request as FrameTranslateRequest, outputs }, context())) as ProjectDraft;
}

/** A box in fractions, compared to the float's last digits. */
const near = (box: { x: number; y: number; width: number; height: number }) => ({
  x: expect.closeTo(box.x, 9),
  y: expect.closeTo(box.y, 9),
  width: expect.closeTo(box.width, 9),
  height: expect.closeTo(box.height, 9),
});

/** The lines an export reads for a draft nobody edited. */
const untouched = (draft: ProjectDraft): SnapshotLine[] =>
  draft.segments.map((segment, i) => ({ ...segment, index: i + 1, edited: false }));

describe('the visual translate project draft', () => {
  it('is made only when an editable project was asked for', () => {
    const stage = makeProjectStage();
    expect(stage.name).toBe('make-project');
    expect(stage.skip!({ request: { project_mode: 'none' } as FrameTranslateRequest, outputs: {} })).toBe(
      'no editable project was asked for',
    );
    expect(stage.skip!({ request: {} as FrameTranslateRequest, outputs: {} })).toBe(
      'no editable project was asked for',
    );
    expect(
      stage.skip!({ request: { project_mode: 'editable' } as FrameTranslateRequest, outputs: {} }),
    ).toBeUndefined();
  });

  it('keeps every text block as a segment: its time, both texts, its block and its box in fractions of the frame', async () => {
    const draft = await draftOf({ project_mode: 'editable' });
    expect(draft).toMatchObject({
      kind: 'frame_translate',
      sourceLanguage: 'en',
      targetLanguage: 'es',
      mediaDurationMs: 8040,
      media: '/media/news.mp4',
      speakerVoices: {},
    });
    expect(draft.segments).toHaveLength(3);
    expect(draft.segments[0]).toEqual({
      startMs: 1000,
      endMs: 3000,
      sourceText: 'Hello my friend, how are you',
      targetText: 'Hola mi amigo, cómo estás',
      blockId: 1,
      box: near({ x: 200 / 640, y: 280 / 360, width: 240 / 640, height: 60 / 360 }),
    });
    expect(draft.segments.map((segment) => segment.blockId)).toEqual([1, 2, 3]);
  });

  it('keeps a box reaching past the frame inside it', () => {
    expect(normalizeBox({ x: -4, y: 340, width: 100, height: 40 }, find)).toEqual(
      near({ x: 0, y: 340 / 360, width: 96 / 640, height: 20 / 360 }),
    );
  });

  it('turns a project box back into the same whole pixels', () => {
    for (const block of blocks) expect(denormalizeBox(normalizeBox(block.box, find), find)).toEqual(block.box);
  });
});

describe('the blocks an export draws from the project', () => {
  it('draws an untouched project exactly as the job did', async () => {
    const {
      blocks: drawn,
      edited,
      unmatched,
    } = projectBlocks(untouched(await draftOf({ project_mode: 'editable' })), blocks, find);
    expect({ edited, unmatched }).toEqual({ edited: 0, unmatched: 0 });
    expect(eraseSpans(drawn, FPS, find, display)).toEqual(eraseSpans(blocks, FPS, find, display));
    expect(textsToDraw(drawn, FPS, find, display)).toEqual(textsToDraw(blocks, FPS, find, display));
  });

  it('draws an edited text in its moved box, still erasing the original where it was, in its colours', async () => {
    const lines = untouched(await draftOf({ project_mode: 'editable' }));
    lines[1] = {
      ...lines[1]!,
      targetText: 'El gato oscuro',
      box: { x: 0.5, y: 0.05, width: 0.4, height: 0.1 },
      edited: true,
    };
    const { blocks: drawn, edited } = projectBlocks(lines, blocks, find);
    expect(edited).toBe(1);
    expect(drawn[1]).toMatchObject({
      startMs: 0,
      endMs: 8000,
      box: { x: 320, y: 18, width: 256, height: 36 },
      targetText: 'El gato oscuro',
      sourceText: 'The black cat',
    });
    const title = textsToDraw(drawn, FPS, find, display)[1]!;
    expect(title).toMatchObject({
      text: 'El gato oscuro',
      box: { x: 640, y: 36, width: 512, height: 72 },
      fillRgb: [255, 255, 0],
    });
    // The erase is where the English was (scaled to the display, grown 3 px), not where the Spanish now goes.
    expect(eraseSpans(drawn, FPS, find, display)).toContainEqual({
      startFrame: 0,
      endFrame: 199,
      box: { x: 37, y: 37, width: 366, height: 70 },
    });
  });

  it('erases each half of a split block in its own time only', async () => {
    const lines = untouched(await draftOf({ project_mode: 'editable' }));
    const [first] = lines;
    const halves: SnapshotLine[] = [
      { ...first!, endMs: 2000, targetText: 'Hola mi amigo,', edited: true },
      { ...first!, startMs: 2000, targetText: 'cómo estás', edited: true },
    ];
    const { blocks: drawn } = projectBlocks([...halves, ...lines.slice(1)], blocks, find);
    const spans = eraseSpans(drawn.slice(0, 2), FPS, find, display);
    // Both original lines on frames 25-49 for the first half, 50-74 for the second: never both halves at once.
    expect(spans.map((span) => [span.startFrame, span.endFrame])).toEqual([
      [25, 49],
      [25, 49],
      [50, 74],
      [50, 74],
    ]);
    const texts = textsToDraw(drawn.slice(0, 2), FPS, find, display);
    expect(texts.map((text) => [text.text, text.startMs, text.endMs, text.lines])).toEqual([
      ['Hola mi amigo,', 980, 1980, 2],
      ['cómo estás', 1980, 2980, 2],
    ]);
  });

  it('erases the texts of blocks merged into a line during its time, and draws the merged text once', async () => {
    const lines = untouched(await draftOf({ project_mode: 'editable' }));
    // The two subtitles merged (the project keeps the first one's block and the union of the boxes).
    const merged: SnapshotLine = {
      ...lines[0]!,
      endMs: 6000,
      targetText: 'Hola mi amigo, cómo estás. La casa es grande',
      edited: true,
      box: { x: 200 / 640, y: 280 / 360, width: 240 / 640, height: 60 / 360 },
    };
    const { blocks: drawn } = projectBlocks([merged, lines[1]!], blocks, find);
    const spans = eraseSpans([drawn[0]!], FPS, find, display);
    expect(spans.map((span) => [span.startFrame, span.endFrame])).toEqual([
      [25, 74],
      [25, 74],
      [90, 149],
    ]);
    expect(textsToDraw(drawn, FPS, find, display).map((text) => text.text)).toEqual([
      'Hola mi amigo, cómo estás. La casa es grande',
      'El gato negro',
    ]);
  });

  it('draws a line whose block is gone without erasing anything', () => {
    const lonely: SnapshotLine = {
      index: 1,
      startMs: 500,
      endMs: 1500,
      sourceText: 'x',
      targetText: 'Nuevo',
      blockId: 99,
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.1 },
      edited: true,
    };
    const { blocks: drawn, unmatched } = projectBlocks([lonely], blocks, find);
    expect(unmatched).toBe(1);
    expect(eraseSpans(drawn, FPS, find, display)).toEqual([]);
    expect(textsToDraw(drawn, FPS, find, display)).toMatchObject([
      { text: 'Nuevo', box: { x: 128, y: 72, width: 256, height: 72 }, fillRgb: [255, 255, 255] },
    ]);
  });
});
