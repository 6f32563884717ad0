/**
 * The story writer's contract: its lists (in the order the page shows them), limits, request and
 * answer. The shared registries (LIMITS, the index) gather these.
 */
import { z } from 'zod';
import { additionalInfo, BODY_MUST_BE_OBJECT, oneOf, requiredText } from './schema-parts.ts';

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

export const storyRequestSchema = z.object(
  {
    language: z.enum(STORY_LANGUAGES, { error: oneOf('language', STORY_LANGUAGES) }),
    storyType: z.enum(STORY_TYPES, { error: oneOf('storyType', STORY_TYPES) }),
    audience: z.enum(STORY_AUDIENCES, { error: oneOf('audience', STORY_AUDIENCES) }),
    tone: z.enum(STORY_TONES, { error: oneOf('tone', STORY_TONES) }),
    // Free text: the page offers STORY_THEMES, but any theme of the client's own is welcome.
    topic: requiredText(
      'topic is required: one of the story themes or a theme of your own.',
      STORY_LIMITS.storyThemeMaxLength,
      `topic must be at most ${STORY_LIMITS.storyThemeMaxLength} characters: shorten the theme and put the details in additionalInfo.`,
    ),
    storyLength: z.literal(STORY_LENGTHS, { error: oneOf('storyLength', STORY_LENGTHS) }),
    additionalInfo,
  },
  { error: BODY_MUST_BE_OBJECT },
);
export type StoryRequest = z.infer<typeof storyRequestSchema>;

export const storyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ story: z.string(), wordCount: z.number().optional() }),
});
export type StoryResponse = z.infer<typeof storyResponseSchema>;
