/**
 * The lists of docs/product.md section 9, in the order the pages show them. Every enum elsewhere
 * is derived from these arrays.
 */

export const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
] as const;
export type Voice = (typeof VOICES)[number];

/**
 * How each voice sounds with the neural engine (Kokoro-82M), shown in the voice picker. The
 * server's voice table (providers/local/speech/voices.ts) and README's "Voices" table name the
 * Kokoro voice behind each.
 */
export const VOICE_DESCRIPTIONS: Record<Voice, string> = {
  alloy: 'American woman, even and clear',
  ash: 'American man, warm and friendly',
  ballad: 'British man, deep and measured',
  coral: 'American woman, warm',
  echo: 'American man, soft',
  fable: 'British man, storyteller',
  onyx: 'American man, deep',
  nova: 'American woman, bright',
  sage: 'British woman, calm',
  shimmer: 'American woman, lively',
  verse: 'American man, upbeat',
};

export const OUTPUT_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const MEDIA_TYPES: Record<OutputFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/** Each format's extension in generated_speech.<ext> (docs/product.md section 9); opus in Ogg. */
export const FILE_EXTENSIONS: Record<OutputFormat, string> = {
  mp3: 'mp3',
  opus: 'opus',
  aac: 'aac',
  flac: 'flac',
  wav: 'wav',
};

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 3;
export const SPEED_STEP = 0.25;
/** 0.25, 0.5, ... 3: twelve options. */
export const SPEEDS: readonly number[] = Array.from(
  { length: Math.round((MAX_SPEED - MIN_SPEED) / SPEED_STEP) + 1 },
  (_, index) => MIN_SPEED + index * SPEED_STEP,
);

export const TEXT_TO_SPEECH_DEFAULTS = {
  voice: 'alloy',
  outputFormat: 'mp3',
  speed: 1,
} as const satisfies { voice: Voice; outputFormat: OutputFormat; speed: number };

/** Video durations in minutes. */
export const DURATIONS = [0.15, 0.25, 0.5, 0.75, 1, 1.25, 1.5] as const;
export type Duration = (typeof DURATIONS)[number];

export const PLATFORMS = ['FaceBook', 'YouTube', 'Instagram', 'SnapChat'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The nine script topics, each with the sample idea shown as the Additional Info placeholder. */
export const SCRIPT_TOPICS = [
  {
    name: 'Personal Growth / Motivation',
    sampleIdea: 'Three small morning habits that quietly change your whole year',
  },
  {
    name: 'Money & Business',
    sampleIdea: 'How to save your first emergency fund on an ordinary salary',
  },
  {
    name: 'Productivity',
    sampleIdea: 'The two-minute rule: stop procrastinating on small tasks today',
  },
  {
    name: 'Career / Skills',
    sampleIdea: 'Five skills employers look for that are not on your degree',
  },
  {
    name: 'Tech & AI',
    sampleIdea: 'Everyday tasks you can hand to free AI tools right now',
  },
  {
    name: 'Fitness & Health',
    sampleIdea: 'A ten-minute home workout for people who sit all day',
  },
  {
    name: 'Relationships & Life Lessons',
    sampleIdea: 'What an old friendship taught me about listening',
  },
  {
    name: 'Education / Learning',
    sampleIdea: 'How to remember what you read with active recall',
  },
  {
    name: 'Content Ideas for Business Pages',
    sampleIdea: 'A behind-the-scenes look at how our small bakery starts its day',
  },
] as const;
export type ScriptTopic = (typeof SCRIPT_TOPICS)[number]['name'];
export const SCRIPT_TOPIC_NAMES = SCRIPT_TOPICS.map<ScriptTopic>((topic) => topic.name);

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
