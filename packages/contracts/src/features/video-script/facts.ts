/**
 * The video script writer's lists and limits: plain values, free of zod, so the website's first load may use
 * them. Its request and answer are in schemas.ts beside this file.
 */
/** A relaxed speaking pace for voice-over: 0.15 minutes (9 seconds) is about 22 words. */
export const SPOKEN_WORDS_PER_MINUTE = 150;

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
