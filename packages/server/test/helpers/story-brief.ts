/** The story the writer tests and benches ask: a short English adventure, every field as sent. */
export const KITE_STORY = {
  language: 'English',
  storyType: 'adventure',
  audience: 'kids 4-8',
  tone: 'humorous',
  topic: 'A lost kite',
  storyLength: 200,
  additionalInfo: '',
};
