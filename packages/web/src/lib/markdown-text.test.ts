import { plainTextOf, withoutOpenMarkers } from './markdown-text.ts';

describe('withoutOpenMarkers', () => {
  it.each([
    ['A **bold wo', 'A bold wo'],
    ['A **bold** word and **', 'A **bold** word and '],
    ['A **bold** word and *', 'A **bold** word and '],
    ['An *italic wo', 'An italic wo'],
    ['Some `code', 'Some code'],
    ['Gone ~~old', 'Gone old'],
    ['Intro.\n\n##', 'Intro.\n\n'],
    ['Intro.\n\n## ', 'Intro.\n\n'],
  ])('hides the marker the stream has not closed yet: %j', (streamed, shown) => {
    expect(withoutOpenMarkers(streamed)).toBe(shown);
  });

  it.each([
    'A **bold** word.',
    'An *italic* word and a **bold** one.',
    '* one\n* two',
    '## A heading\n\nText',
    'It costs 5 * 3 = 15 euros',
  ])('leaves whole markdown alone: %j', (text) => {
    expect(withoutOpenMarkers(text)).toBe(text);
  });

  it('looks at the last paragraph only: earlier ones are whole', () => {
    expect(withoutOpenMarkers('A line with 5 * 3 = 15\n\nNow **bo')).toBe(
      'A line with 5 * 3 = 15\n\nNow bo',
    );
  });
});

describe('plainTextOf', () => {
  it('reads markdown as plain text, without a marker left', () => {
    const markdown = [
      '# The Title',
      '',
      '**Meta description:** A short *summary* with `code`.',
      '',
      '## A Section',
      '',
      '- first point',
      '- second [link](https://example.com)',
      '',
      '> A quote',
    ].join('\n');
    expect(plainTextOf(markdown)).toBe(
      [
        'The Title',
        '',
        'Meta description: A short summary with code.',
        '',
        'A Section',
        '',
        '• first point',
        '• second link',
        '',
        'A quote',
      ].join('\n'),
    );
  });

  it('keeps a lone asterisk or underscore that marks nothing', () => {
    expect(plainTextOf('5 * 3 = 15 and file_name_here')).toBe('5 * 3 = 15 and file_name_here');
  });
});
