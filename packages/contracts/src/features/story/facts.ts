/**
 * The story writer's lists and limits: plain values, free of zod, so the website's first load may use
 * them. Its request and answer are in schemas.ts beside this file.
 */
export const STORY_LIMITS = {
  /**
   * The story's theme: one of the page's 50 themes or any idea of the client's own ("A lost kite"),
   * up to a long sentence.
   */
  storyThemeMaxLength: 200,
} as const;

export const STORY_LANGUAGES = [
  'English',
  'Hindi',
  'Marathi',
  'Gujarati',
  'Bengali',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Punjabi',
  'Urdu',
  'Nepali',
  'Sanskrit',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Russian',
  'Japanese',
  'Korean',
  'Chinese (Simplified)',
  'Arabic',
  'Turkish',
  'Indonesian',
  'Filipino (Tagalog)',
  'Swahili',
] as const;
export type StoryLanguage = (typeof STORY_LANGUAGES)[number];

/** The Indic languages of the list, Hindi to Sanskrit in its order: the models' weakest (ADR 059). */
export const INDIC_STORY_LANGUAGES: readonly StoryLanguage[] = STORY_LANGUAGES.slice(
  STORY_LANGUAGES.indexOf('Hindi'),
  STORY_LANGUAGES.indexOf('Sanskrit') + 1,
);

export const STORY_TYPES = [
  'adventure',
  'moral',
  'fairy tale',
  'fantasy',
  'inspirational',
  'mystery',
  'detective',
  'horror',
  'thriller',
  'comedy',
  'sci-fi',
  'historical',
  'mythological',
  'realistic',
  'romance',
  'friendship',
  'family',
  'animal',
  'folk tale',
  'educational',
  'motivational',
  'biography style',
  'action',
  'crime',
  'drama',
  'emotional',
  'bedtime',
  'magical',
  'survival',
  'superhero',
  'space',
  'moral values',
  'courage',
  'school life',
  'village',
  'nature',
  'time travel',
  'detective mystery',
  'adventure+moral',
] as const;
export type StoryType = (typeof STORY_TYPES)[number];

export const STORY_AUDIENCES = [
  'kids 4-8',
  'children 9-12',
  'teenagers 13-17',
  'young adults',
  'adults',
  'family friendly',
  'educational students',
  'general',
  'preschool',
  'school students',
  'beginners',
  'advanced readers',
  'short-story lovers',
  'bedtime',
  'motivational',
  'professional',
  'cultural/traditional',
] as const;
export type StoryAudience = (typeof STORY_AUDIENCES)[number];

/** Thirty tones, from inspirational to heroic (docs/product.md section 9). */
export const STORY_TONES = [
  'inspirational',
  'humorous',
  'lighthearted',
  'playful',
  'whimsical',
  'heartwarming',
  'hopeful',
  'optimistic',
  'uplifting',
  'calm',
  'poetic',
  'nostalgic',
  'romantic',
  'emotional',
  'bittersweet',
  'melancholic',
  'serious',
  'philosophical',
  'satirical',
  'sarcastic',
  'mysterious',
  'suspenseful',
  'tense',
  'eerie',
  'dark',
  'gritty',
  'dramatic',
  'adventurous',
  'epic',
  'heroic',
] as const;
export type StoryTone = (typeof STORY_TONES)[number];

/**
 * Fifty themes (docs/product.md section 9); the first is supplied by the visitor: choosing it means
 * "use what I write in Additional Topic Information".
 */
export const STORY_CUSTOM_THEME = 'My own idea';
export const STORY_THEMES = [
  STORY_CUSTOM_THEME,
  'A friendship that survives a big test',
  'A family reunited after many years',
  'Finding courage to face a deep fear',
  'Honesty that costs something',
  'A small act of kindness that changes a town',
  'Teamwork against impossible odds',
  'Never giving up on a dream',
  'Something precious lost and found again',
  'Growing up and leaving home',
  'The first day at a new school',
  'A journey through a magical land',
  'The hunt for a hidden treasure',
  'A mysterious stranger arrives',
  'A trip through time',
  'Exploring a distant planet',
  'Animals who can talk',
  'Secrets of an enchanted forest',
  'A village festival goes wrong',
  'Helping someone who cannot help themselves',
  'Protecting nature from harm',
  'Rivalry between siblings',
  'A lesson learned the hard way',
  'An unlikely friendship',
  'A secret door in an old house',
  'The last wish',
  'An adventure on a rainy day',
  'A daring rescue mission',
  'A night in a haunted house',
  'Life in a royal kingdom',
  'Pirates on the open sea',
  'Inventors and their robots',
  'The big match or competition',
  'The power of dreams',
  'Learning to forgive',
  'The price of greed',
  'The long journey home',
  'A festival of lights',
  'A wise old teacher',
  'The underdog who wins',
  'Moving to a new city',
  'A letter from the past',
  'Surviving in the wild',
  'A book that is truly magic',
  'Discovering a hidden superpower',
  'A hero who gives everything',
  'Love across borders',
  'A mystery at the museum',
  'The clever trickster',
  'A promise kept against all odds',
] as const;
export type StoryTheme = (typeof STORY_THEMES)[number];

/** Story lengths in words: 200 to 1000 in steps of 100. */
export const STORY_LENGTHS = [200, 300, 400, 500, 600, 700, 800, 900, 1000] as const;
export type StoryLength = (typeof STORY_LENGTHS)[number];
