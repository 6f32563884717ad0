import { fitToLimit } from './pasted-text-limit.ts';

describe('fitToLimit', () => {
  it('keeps a text within the limit as it is', () => {
    expect(fitToLimit('Short enough.', 20)).toBe('Short enough.');
  });

  it('cuts after the last whole word that fits, never inside one', () => {
    expect(fitToLimit('The quick brown fox jumps', 12)).toBe('The quick');
    expect(fitToLimit('The quick brown fox jumps', 15)).toBe('The quick brown');
    expect(fitToLimit('The quick brown fox jumps', 16)).toBe('The quick brown');
  });

  it('cuts Japanese between words although it has no spaces', () => {
    const text = '私は東京に住んでいます。毎日公園を散歩します。';
    const kept = fitToLimit(text, 14);
    expect(kept.length).toBeLessThanOrEqual(14);
    expect(text.startsWith(kept)).toBe(true);
    // "住んで" or "散歩" split in two would leave half a word at the end.
    expect(['私は東京に住んでいます。', '私は東京に住んでいます。毎日']).toContain(kept);
  });

  it('cuts one word longer than the limit at the limit rather than keep nothing', () => {
    expect(fitToLimit('Supercalifragilisticexpialidocious', 10)).toBe('Supercalif');
  });
});
