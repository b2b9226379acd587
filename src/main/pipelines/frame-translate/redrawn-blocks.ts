// Which texts the render replaces: a text is erased and its translation drawn only when the translation says
// something else. An empty translation would leave a hole; one equal to its source (a number, a name, a code) would
// redraw the same words in another font over a smudge of inpainting: both are left as they were.
import type { TextBlock } from './types.js';

type Texts = Pick<TextBlock, 'sourceText' | 'targetText'>;

const spaced = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** Its translation reads exactly as its source, spacing aside. */
export const isUnchanged = (block: Texts): boolean => spaced(block.targetText) === spaced(block.sourceText);

/** The render erases it and draws its translation in its place. */
export const isRedrawn = (block: Texts): boolean => spaced(block.targetText) !== '' && !isUnchanged(block);
