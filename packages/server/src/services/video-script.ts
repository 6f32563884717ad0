/**
 * The video script writer: a prompt from the topic, platform, duration and the visitor's idea,
 * with the platform's conventions and a spoken-word budget for the duration. The script page
 * renders markdown, so the script keeps its markdown.
 */
import { SCRIPT_TOPICS, type Platform, type VideoScriptRequest } from '@ai-tools/contracts';
import { cleanModelOutput, collectText, requireText, type WriterContext } from './writing.ts';

/** A relaxed speaking pace for voice-over: 0.15 minutes (9 seconds) is about 22 words. */
export const SPOKEN_WORDS_PER_MINUTE = 150;
/** Tokens per English word. */
const TOKENS_PER_WORD = 1.5;
/**
 * The script carries more than the spoken words: a title, timestamps, on-screen text, B-roll and
 * caption cues. They take about as many words again as the voice-over, plus a fixed frame.
 */
const CUE_WORDS_PER_SPOKEN_WORD = 1.5;
const FRAME_TOKENS = 200;

/** What works on each platform, as its creators would brief a writer. */
const PLATFORM_CONVENTIONS: Record<Platform, string> = {
  FaceBook:
    'Facebook feed video: most people watch with the sound off, so burned-in captions and bold on-screen text carry the message. Square (1:1) or vertical (4:5) framing. Hook in the first 3 seconds with a relatable problem or a surprising fact. A warm, conversational, share-worthy tone. Call to action: comment, share with a friend, or follow the Page.',
  YouTube:
    'YouTube: a vertical (9:16) YouTube Short for a minute or less, otherwise a 16:9 video. Hook in the first 5 seconds that promises what the viewer will get, then deliver it with fast pacing and pattern interrupts (a cut, a zoom, a new visual every few seconds). Call to action: subscribe, like, and comment with a question for the viewer.',
  Instagram:
    'Instagram Reel: vertical 9:16, hook in the first 1 to 2 seconds with bold on-screen text, quick cuts, captions on screen, music-friendly pacing, and a loop-friendly ending. Call to action: save the Reel, share it, follow, or comment a keyword.',
  SnapChat:
    'Snapchat Spotlight or Story: vertical 9:16, hook in the very first second, casual selfie-style delivery straight to the camera, authentic rather than polished, big captions, quick jump cuts. Call to action: subscribe, or send it to a friend.',
};

const VIDEO_SCRIPT_PROMPTS = {
  system: [
    'You are an experienced short-form video scriptwriter.',
    'Answer with the script only, in markdown, with no note before or after it:',
    '- a title as a level-1 heading;',
    '- the sections in order, each headed with its timestamps in bold, such as **Hook (0:00-0:03)**, then **Voiceover:** with the spoken lines, **On-screen text:** and **B-roll:** cues;',
    '- the hook in the first seconds and a call to action at the end that fits the platform.',
    'Keep the spoken words within the word budget: the voice-over must fit the duration when read aloud at a natural pace.',
  ].join('\n'),
};

function spokenWordBudget(durationMinutes: number): number {
  return Math.max(15, Math.round(durationMinutes * SPOKEN_WORDS_PER_MINUTE));
}

function formatSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function videoScriptPrompt(request: VideoScriptRequest): { system: string; prompt: string } {
  const { topic, platform, duration } = request;
  const seconds = Math.round(duration * 60);
  const words = spokenWordBudget(duration);
  const idea = request.additionalInfo.trim();
  const sampleIdea = SCRIPT_TOPICS.find((entry) => entry.name === topic)?.sampleIdea;
  const lines = [
    `Write a ${platform} video script on the topic "${topic}".`,
    idea
      ? `The creator's idea and details: ${idea}`
      : `The creator gave no specific idea: choose one concrete, fresh angle on the topic${sampleIdea ? ` (for example: "${sampleIdea}")` : ''}.`,
    `Duration: ${seconds} seconds (0:00 to ${formatSeconds(seconds)}); the last timestamp ends at ${formatSeconds(seconds)}.`,
    `Word budget: about ${words} spoken words in the voice-over, never more than ${Math.round(words * 1.1)}.`,
    `Platform conventions: ${PLATFORM_CONVENTIONS[platform]}`,
  ];
  return { system: VIDEO_SCRIPT_PROMPTS.system, prompt: lines.join('\n') };
}

export function videoScriptMaxTokens(durationMinutes: number): number {
  const words = spokenWordBudget(durationMinutes);
  return Math.ceil(words * (1 + CUE_WORDS_PER_SPOKEN_WORD) * TOKENS_PER_WORD) + FRAME_TOKENS;
}

export async function writeVideoScript(
  request: VideoScriptRequest,
  context: WriterContext,
): Promise<string> {
  const { system, prompt } = videoScriptPrompt(request);
  const raw = await collectText(context, {
    system,
    prompt,
    maxTokens: videoScriptMaxTokens(request.duration),
    temperature: 0.7,
  });
  return requireText(cleanModelOutput(raw), 'script');
}
