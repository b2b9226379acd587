// DubDesk language codes to Tesseract's data names, and words joined as their script writes them.
import { describe, expect, it } from 'vitest';
import { findTesseractData, tesseractCode } from '../../src/main/engines/ocr/tesseract-languages.js';
import { joinWords } from '../../src/main/engines/ocr/tesseract-lines.js';

describe('tesseract language codes', () => {
  it('maps DubDesk codes and locales to the names of the @tesseract.js-data packages', () => {
    expect(tesseractCode('en')).toBe('eng');
    expect(tesseractCode('en-GB')).toBe('eng');
    expect(tesseractCode('zh')).toBe('chi_sim');
    expect(tesseractCode('zh-CN')).toBe('chi_sim');
    expect(tesseractCode('zh-TW')).toBe('chi_tra');
    expect(tesseractCode('zh-Hant-HK')).toBe('chi_tra');
    expect(tesseractCode('fr')).toBe('fra');
    expect(tesseractCode('nb')).toBe('nor');
    expect(tesseractCode('xx')).toBeUndefined();
  });

  it('finds the data of installed packages only, in their local folder', () => {
    expect(findTesseractData('eng')?.dir).toMatch(/@tesseract\.js-data[\\/]eng[\\/]4\.0\.0_best_int$/);
    expect(findTesseractData('chi_sim')?.code).toBe('chi_sim');
    expect(findTesseractData('fra')).toBeUndefined();
    expect(findTesseractData('../eng')).toBeUndefined();
  });

  it('joins words with spaces except between characters of unspaced scripts', () => {
    expect(joinWords(['Meet', 'me'])).toBe('Meet me');
    expect(joinWords(['我们', '今天', '去'])).toBe('我们今天去');
    expect(joinWords(['DubDesk', '是', '好的', 'app'])).toBe('DubDesk 是好的 app');
  });
});
