// What the render erases and draws, from the translated blocks: frames and boxes at the video's display size, drawn
// texts half a frame early (ASS centiseconds), and a block the translator left empty kept as it was.
import { describe, expect, it } from 'vitest';
import { eraseSpans, textsToDraw } from '../../src/main/pipelines/frame-translate/render-stage.js';
import type { TextBlock } from '../../src/main/pipelines/frame-translate/types.js';

const find = { width: 640, height: 360 };
const display = { width: 1280, height: 720 };

function block(id: number, targetText: string, startMs: number, endMs: number): TextBlock {
  const box = { x: 100, y: 300, width: 200, height: 30 };
  return {
    id,
    startMs,
    endMs,
    box,
    sourceText: 'The house is big',
    targetText,
    lines: [
      {
        startMs,
        endMs,
        box,
        text: 'The house is big',
        confidence: 0.9,
        colours: { fillRgb: [250, 250, 250], outlineRgb: [0, 0, 0], bold: true },
      },
    ],
  };
}

describe('the render plan', () => {
  const blocks = [block(1, 'La casa es grande', 1000, 3000), block(2, '', 3600, 6000)];

  it('erases each translated line on its own frames, its box scaled to the display and grown a little', () => {
    expect(eraseSpans(blocks, 25, find, display)).toEqual([
      { startFrame: 25, endFrame: 74, box: { x: 197, y: 597, width: 406, height: 66 } },
    ]);
  });

  it('draws each translation in the scaled box, half a frame early, in the original colours and weight', () => {
    const [drawn, ...rest] = textsToDraw(blocks, 25, find, display);
    expect(rest).toEqual([]);
    expect(drawn).toMatchObject({
      startMs: 980,
      endMs: 2980,
      box: { x: 200, y: 600, width: 400, height: 60 },
      text: 'La casa es grande',
      fillRgb: [250, 250, 250],
      outlineRgb: [0, 0, 0],
      bold: true,
      lines: 1,
    });
  });
});

describe('translating the blocks', () => {
  it('warns about a block the translator left empty, which then stays as it was', async () => {
    const { translateTextStage } = await import('../../src/main/pipelines/frame-translate/translate-text-stage.js');
    const translator = {
      id: 'test',
      title: 'a test translator',
      quality: 'standard' as const,
      isAvailable: () => true,
      supports: () => true,
      translate: async ({ texts }: { texts: string[] }) =>
        texts.map((text) => (text.startsWith('Hello') ? 'Hola' : '')),
    };
    // The job's plan names the translator; the stage takes it by id from the engines.
    const stage = translateTextStage({
      engines: {
        planned: (_list: string, engine: { id: string }) => (engine.id === 'test' ? translator : undefined),
      } as never,
    });
    const plan = {
      made_at: '2026-12-05T00:00:00.000Z',
      steps: [
        {
          step: 'translate-text',
          label: 'Translating the text',
          engine: { id: 'test', title: 'a test translator', quality: 'standard' as const },
        },
      ],
    };
    const line = (text: string, startMs: number) => ({
      text,
      startMs,
      endMs: startMs + 2000,
      box: { x: 100, y: 300 - startMs / 100, width: 200, height: 30 },
      confidence: 0.9,
    });
    const warnings: { code: string; message: string }[] = [];
    const output = (await stage.run(
      {
        request: { video_url: 'file:///v.mp4', source_language: 'en', target_language: 'es' },
        outputs: {
          'find-text': {
            language: 'en',
            frame: { width: 640, height: 360, fps: 25 },
            display: find,
            events: [line('Hello', 0), line('ZZZ', 5000)],
            recognizer: 'test',
          },
        },
        plan,
      },
      {
        taskId: 't',
        workDir: '/nonexistent',
        signal: new AbortController().signal,
        progress: () => {},
        log: () => {},
        warn: (warning) => warnings.push(warning),
      },
    )) as { blocks: TextBlock[] };
    expect(output.blocks.map((entry) => entry.targetText)).toEqual(['Hola', '']);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'text_not_translated', message: expect.stringMatching(/'ZZZ'.*left as it was/) }),
    ]);
    expect(eraseSpans(output.blocks, 25, find, display)).toHaveLength(1);
  });
});
