/**
 * What the three writers (video script, blog, story) share: collecting a token stream under the
 * visitor's abort signal and an overall deadline, cleaning what a model wraps around its answer,
 * and counting words and sentences in any of the story languages.
 */
import { WRITER_MESSAGES } from '@ai-tools/contracts';
import type { QueueEvent, ToolLink, WriterStep } from '@ai-tools/contracts';
import type { TextGenerationRequest, TextGenerator } from '../providers/types.ts';
import { EmptyResultError, GenerationAbortedError, ProviderFailedError } from '../errors.ts';
import { withoutHtml } from '../text/markdown.ts';
import {
  hasFunctionWords,
  englishWordsIn,
  inAnotherLanguage,
  languageOfProfile,
  type LanguageProfile,
} from './languages.ts';

/** Who asks, and where the text goes as it is written: set when the answer is streamed. */
export interface WriterFollowers {
  /** The visitor's address: the engine's queue holds one job per visitor. */
  visitor?: string;
  /** The writer that asks: the three share one engine, and a second request is refused by name. */
  tool?: ToolLink;
  /** Each piece of text as the model writes it, before any cleaning. */
  onText?: (text: string) => void;
  /** The whole text shown so far, replaced: a part written again starts from the text before it. */
  onReplaceText?: (text: string) => void;
  /** The request's place in the engine's line while it waits, and 0 when it starts. */
  onQueuePosition?: (position: QueueEvent) => void;
  /** Each step of the work as it starts, so the page shows what happens while no text moves. */
  onStep?: (step: WriterStep) => void;
}

export interface WriterContext extends WriterFollowers {
  generator: Pick<TextGenerator, 'generate' | 'inTurn'>;
  /** Fires when the visitor goes away. */
  signal?: AbortSignal;
  /** When the whole piece of writing must be done, as a Date.now() value. */
  deadline: number;
}

export function writerContext(
  generator: Pick<TextGenerator, 'generate' | 'inTurn'>,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  followers: WriterFollowers = {},
): WriterContext {
  return { generator, signal, deadline: Date.now() + timeoutMs, ...followers };
}

/** The writer's deadline passed: a 502 for the visitor, or the end of a story's continuations. */
export class WritingTooSlowError extends ProviderFailedError {
  constructor() {
    super(WRITER_MESSAGES.writingTooSlow);
  }
}

/**
 * Runs a writer's generations (its plan and its parts) as one turn of the engine, when the engine
 * has a line: the first waits for the turn, within the writer's deadline; the rest run at once.
 */
export async function inEngineTurn<T>(
  context: WriterContext,
  expectedTokens: number,
  work: (context: WriterContext) => Promise<T>,
): Promise<T> {
  const { generator } = context;
  if (!generator.inTurn) return work(context);
  const turn = generator.inTurn.bind(generator);
  // A step is told once the turn has started: before that the request waits in line (or is
  // refused, which must stay a plain error answer), and "planning" would contradict "waiting".
  let started = false;
  let heldStep: WriterStep | undefined;
  const onQueuePosition = (position: QueueEvent) => {
    context.onQueuePosition?.(position);
    if (position.ahead > 0 || started) return;
    started = true;
    if (heldStep) context.onStep?.(heldStep);
  };
  const onStep = (step: WriterStep) => {
    if (started) context.onStep?.(step);
    else heldStep = step;
  };
  return turn(
    {
      signal: context.signal,
      visitor: context.visitor,
      tool: context.tool,
      onQueuePosition,
      expectedTokens,
    },
    (turnGenerator) =>
      work({
        ...context,
        onQueuePosition,
        onStep,
        generator: { generate: (request) => turnGenerator.generate(request) },
      }),
  );
}

/**
 * Runs one generation and returns the raw text. The stream is raced against the visitor's signal
 * and the deadline, so a generator that ignores its signal still cannot keep the request open.
 */
export async function collectText(
  context: WriterContext,
  request: Omit<TextGenerationRequest, 'signal' | 'visitor' | 'tool' | 'onQueuePosition'>,
  options: {
    /**
     * At the deadline, answer with the text written so far (when there is some) instead of
     * WritingTooSlowError: a visitor who watched a story being written for minutes gets it.
     */
    keepTextAtDeadline?: boolean;
  } = {},
): Promise<string> {
  const remainingMs = context.deadline - Date.now();
  if (context.signal?.aborted) throw new GenerationAbortedError();
  if (remainingMs <= 0) throw new WritingTooSlowError();

  const deadline = new AbortController();
  const deadlineTimer = setTimeout(() => deadline.abort(), remainingMs);
  const deadlineSignal = deadline.signal;
  const signal = context.signal
    ? AbortSignal.any([context.signal, deadlineSignal])
    : deadlineSignal;
  const stopped = new Promise<never>((_, reject) => {
    const onAbort = () =>
      reject(context.signal?.aborted ? new GenerationAbortedError() : new WritingTooSlowError());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Nobody may await `stopped` when the stream ends first; this keeps it from being unhandled.
  stopped.catch(() => {});

  let iterator: AsyncIterator<string> | undefined;
  let text = '';
  try {
    const stream = context.generator.generate({
      ...request,
      signal,
      visitor: context.visitor,
      tool: context.tool,
      onQueuePosition: context.onQueuePosition,
    });
    iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([iterator.next(), stopped]);
      if (next.done) break;
      text += next.value;
      context.onText?.(next.value);
    }
  } catch (error) {
    // An engine that stops because of our signal reports its own abort error: name the real cause.
    if (context.signal?.aborted) throw new GenerationAbortedError();
    if (deadlineSignal.aborted) {
      if (options.keepTextAtDeadline && text.trim() !== '') return text;
      throw new WritingTooSlowError();
    }
    throw error;
  } finally {
    clearTimeout(deadlineTimer);
    // Tell the stream we are done with it so the engine frees its slot; never wait for it.
    void Promise.resolve(iterator?.return?.()).catch(() => {});
  }
  return text;
}

// ---------------------------------------------------------------- cleaning

/**
 * Opening lines that talk to the visitor instead of being the answer: an interjection with its
 * punctuation ("Sure!", "Certainly, here is..."), or a line that announces the piece. A title such
 * as "Great Expectations" or "Here Comes the Sun" is neither.
 */
const PREAMBLE = [
  /^(?:sure|certainly|of course|absolutely|okay|ok|great|alright)\s*[,!.:]/i,
  /^(?:here(?:'s| is| are)|below is|i(?:'ve| have) (?:written|created|prepared))\b.*:$/i,
  /^here(?:'s| is| are) (?:a|an|the|your|my)\b.*\b(?:story|script|blog|post|article|draft|version)\b.*[.!:]?$/i,
];
/** Closing lines that offer more help instead of being the answer. */
const CLOSING_OFFER =
  /^(?:let me know|i hope|hope (?:this|you)|feel free|if you(?:'d| would)? (?:like|want|need)|would you like|do you want|want me to|shall i|happy writing|enjoy!?$|note:)/i;

/**
 * Removes what models wrap around an answer: reasoning blocks, a fence around the whole reply, a
 * "Sure, here is..." opening, a "Let me know if..." ending, and raw HTML (the answers are markdown
 * only). Inner markdown is left alone.
 */
export function cleanModelOutput(raw: string): string {
  let text = raw
    .replace(/\r\n?/g, '\n')
    // Reasoning models (Qwen3, DeepSeek R1) think aloud in <think> blocks, sometimes unclosed.
    .replace(/<think>[\s\S]*?(?:<\/think>|$)/gi, '')
    .trim();

  // The fence may sit inside the chatter ("Sure! ```...``` Enjoy!"), so unwrap after trimming it.
  text = removeChatter(text);
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fenced?.[1] !== undefined) text = removeChatter(fenced[1]);

  // Every labelled line ("- **On-screen text:** …") stays whole here: an on-screen text may well
  // say the voice-over's words, and the script writer's own pass knows its cue labels.
  return removeRepeatedSentences(removeInlineLists(removeEchoedInstructions(withoutHtml(text))), [
    ANY_LABEL,
  ])
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The writers' own instructions and plan, said back: "Paragraph 1:", "3 to 5 sentences each", a
 * line that starts with a label of the plan ("Title: …").
 */
export const INSTRUCTION_ECHO =
  /^(?:title|meta description|sections|characters|beginning|middle|ending|introduction|introducci[oó]n|conclusion|conclusi[oó]n|einleitung|fazit|summary|resumen|r[ée]sum[ée]): |\b(?:paragraph|section|part|bullet point|tip|secci[oó]n|secuencia|parte|partie|abschnitt|sezione|se[çc][ãa]o|example|exemple|ejemplo|exemplo|beispiel|esempio) \d+\s*[:.,-]|\b(?:section|paragraph|secci[oó]n|paragraphe|p[áa]rrafo|abschnitt|absatz) \d+\b|\bbullet points?\b|\b\d+ (?:to|or) \d+ (?:sentences|bullet points|bullets|words|tips)\b|\bsentences each\b|\b(?:an )?earl(?:y|ier) attempt (?:that )?was refused\b|\bwas refused (?:for|because)\b|\bwrite it again\b|\bkeep to (?:the|this) (?:section'?s )?subject\b|\bare written separately\b|\beach (?:tip|one|bullet|point) is (?:short|one)\b|\b(?:in|of) (?:the|this) (?:section|part) \d+\b|\bhere (?:are|is) (?:the |some )?(?:two |three |four )?(?:short )?(?:paragraphs|bullet points|section|introduction|ending|beginning)\b|^write (?:it |this |everything )?in \p{Lu}\p{L}+\.?\s*$|\bword budget\b|\btwo paragraphs (?:with|of)\b|\b(?:dos|deux) (?:p[áa]rr?afos|par[áa]grafos|paragraphes)\b|\b\d+ (?:a|o|ou|à|bis|oder) \d+ (?:oraciones|frases|sentencias|phrases|palabras|mots|puntos|points|S[äa]tze)\b|\beach one short sentence\b|\bwith concrete tips\b|\bstuff(?:ing)? (?:the )?keywords\b|\bkeywords? and (?:related )?phrases naturally\b|\bthe plan(?:'s)? (?:says|line|beginning|middle|ending)\b|\bvoice-over (?:has|of) about\b|\((?:continued|cont\.)\)|\bclosing section\b|\bfirst \d+(?: to \d+)? seconds?\b|\(short sentences?\)|\b(?:part|section) \d+ of \d+\b/imu;
/**
 * Drops each sentence that says the writing instructions back ("Section 3: … two paragraphs of 3
 * to 5 sentences each"): debris of the prompt, never part of the text.
 */
export function removeEchoedInstructions(text: string): string {
  return keepSentences(
    text,
    (sentence) => !INSTRUCTION_ECHO.test(sentence) && !CHATTER.test(sentence),
  );
}

/**
 * What a chatbot says to its user, not what a writer publishes ("I'm here to help", "¡Espero que te
 * sea útil!"), in the languages latinLanguageOf tells apart. A sentence with it is dropped when
 * the part is cleaned, and named by the check if it is still there.
 */
export const CHATTER = new RegExp(
  [
    // English
    "I'?m here to (?:help|assist)",
    'I am here to (?:help|assist)',
    // Talk to the one who asked, instead of the part ("Please provide more information so I can
    // assist you better. I'm ready to help you write your blog post! … I apologize if this doesn't
    // meet your expectations." was a section's paragraph).
    "I(?:'m| am) (?:ready|happy|glad) to (?:help|assist|guide)",
    "I(?:'ll| will) be (?:happy|glad) to\\b",
    '^please (?:provide|share|give|send|tell me|clarify)\\b',
    '\\bso (?:that )?I can (?:help|assist)\\b',
    '^I apologi[sz]e\\b',
    "(?:doesn'?t|does not) meet your expectations",
    // A placeholder promised instead of the part ("I'll provide a placeholder version based on the
    // provided section structure… Adjustments will be needed to fit the specific tips you want to
    // include in your final draft… as it appears to be the first part you mentioned").
    '\\bplaceholder\\b',
    "\\bI(?:'ll| will) provide\\b",
    '\\byour (?:final|initial|first) (?:draft|post|version)\\b',
    '\\b(?:you|the user) (?:mentioned|asked for|requested)\\b',
    '^(?:additional|key) points\\s*:',
    // The part summed up instead of written, in the seventh run's water post: "The post introduces
    // this topic with a short statement…", "It provides more information about the benefits…".
    '^(?:the|this) (?:post|article|introduction|section|paragraph) (?:introduces|presents|explains|describes|gives|opens)\\b',
    '^it (?:also )?(?:provides|offers|gives) (?:more |further |additional )?(?:information|details|an overview)\\b',
    // What the part should hold, said instead of the part ("It should also include specific tips
    // for maximizing morning energy levels…" was a section's paragraph).
    '^(?:it|this|the section|the post|the part) should (?:also )?(?:include|cover|contain|mention)\\b',
    'as an AI\\b',
    'I hope (?:this|you)\\b',
    'thanks? (?:you )?for reading',
    'let me know',
    'feel free to (?:ask|reach out|contact)',
    'happy (?:reading|writing)',
    'if you have any (?:other )?questions',
    'here (?:is|are) (?:the|your|a) (?:blog|story|script|post|article)\\b',
    "let'?s (?:dive|jump) (?:right )?in(?:to)?\\b",
    'as an (?:expert|AI|experienced)\\b',
    '^(?:certainly|sure|absolutely)!',
    'as requested\\b',
    // Thanks, farewells and offers to the reader ("Thank you for your patience and understanding!
    // Goodbye.", "Do you have any specific questions…?", "Please note that I am writing this text
    // step-by-step and will provide feedback as needed.").
    '^thank you\\s*[!.]',
    'thank you for your (?:patience|understanding|attention|time)',
    '\\bgood-?bye\\b',
    'do you have any (?:specific |other |further |more )?questions',
    "\\bI(?:'m| am) (?:writing|going to write) this\\b",
    // The browser test's SmolLM2 voice-over: "I am going to write an upcoming video for you."
    "\\bI(?:'m| am) going to write\\b",
    'will provide feedback',
    'please note that (?:I|these|this|the)\\b',
    'please go ahead\\b',
    'continue writing\\b',
    "that'?s it!",
    'have a (?:great|nice|wonderful) day\\b',
    'good luck with your\\b',
    '^good luck[!.]',
    "here(?:'s| is) the revised version",
    'please provide the rest',
    'continue the text\\b',
    'with proper grammar and punctuation',
    'all rights reserved',
    // French offers, notes and requests to the visitor.
    '^bien s[ûu]r,? je (?:peux|vais)',
    'je (?:peux|vais) (?:r[ée][ée]crire|ajouter|compl[ée]ter|vous aider)',
    'voici le (?:nouveau )?texte',
    'notez que ce texte',
    'merci de (?:me )?(?:donner|fournir|pr[ée]ciser)',
    "s'il vous pla[îi]t,? (?:me )?(?:donner|fournir)",
    'bonne continuation',
    'voici la version modifi[ée]e',
    'exigences du projet',
    // The format of the text named in the text.
    'markdown\\b',
    '¿?c[óo]mo puedo ayudarte',
    'la r[ée]daction est termin[ée]e',
    'je ferai les ajustements',
    'creative commons',
    'this document is provided',
    '(?:the|my) previous attempt',
    "I(?:'ll| will) (?:also )?(?:ensure|make sure)\\b",
    "don'?t hesitate to (?:reach out|ask|contact)",
    '^happy \\p{L}+ing!',
    "here(?:'s| is) the content for",
    'meets these criteria',
    'keep (?:your|the) content clear',
    '^¡?(?:buena suerte|bonne chance|viel gl[üu]ck|buona fortuna|boa sorte)\\s*[!.]',
    "^d[’']accord[,!.]",
    'je vais (?:[ée]crire|r[ée]diger|continuer)',
    // A promise to the reader about the text ("je vais vous donner quelques conseils").
    'je vais vous (?:donner|montrer|pr[ée]senter|expliquer|dire)',
    'nous vous (?:dirons|montrerons|expliquerons)',
    'voy a (?:escribir|redactar|continuar)',
    "I(?:'ll| will) (?:now )?(?:write|continue)\\b",
    '^note\\s*:\\s*(?:the|this|le|la|el|ce|cette) (?:content|text|section|translation|texte|texto|traduction|traducci[oó]n)',
    '(?:direct|this) translation\\b',
    '^sure, here',
    "here(?:'s| is) the (?:first|second|third|fourth|fifth|next|last|final) (?:section|part|paragraph)",
    '^continuing (?:on|with|from|the story)\\b',
    '(?:the|this) (?:post|article) aims to',
    'the goal is to help (?:the )?readers',
    // Spanish offers of help and notes about the text.
    'estar[ée] encantad[oa] de',
    'no dudes en (?:preguntar|consultar|contactar)',
    'revisa este documento',
    'si necesitas (?:m[áa]s )?ayuda',
    'aqu[íi] tienes un ejemplo',
    'este es solo un ejemplo',
    // A refusal or an offer instead of the text ("Désolé, je ne peux pas compléter le plan…").
    "I(?:'m| am) sorry,? (?:but )?I can",
    "I can(?:no|')t (?:complete|write|continue|finish)",
    'd[ée]sol[ée],? (?:mais )?je ne peux pas',
    'je peux vous aider [àa]',
    'lo siento,? (?:pero )?no puedo',
    'puedo ayudarte a',
    'voici (?:la suite|une proposition)',
    'aqu[íi] (?:tienes|est[áa]) la continuaci[óo]n',
    'here (?:is|are) (?:the )?(?:rest|continuation|next part)\\b',
    // A bare yes or "of course" answers the instruction ("Sí, si.", "Bien sûr !"); a greeting
    // ("Bienvenue aux lecteurs", "Bienvenue à la découverte de…") opens a chat, not a post.
    '^(?:s[íi],? (?:s[íi]|claro)|¡?claro|¡?por supuesto|bien s[ûu]r|oui,? bien s[ûu]r|nat[üu]rlich|certo|of course|sure)\\s*[!.]',
    '^(?:bienvenue (?:aux?|à|sur) |bienvenid[oa]s? (?:a|al) (?:este|nuestro|mi) (?:blog|post|art[íi]culo)|welcome(?:,)? (?:readers|everyone|to (?:this|our|my) (?:blog|post|article))|(?:hello|hi|hola|bonjour|hallo|ciao|ol[áa])(?: (?:everyone|todos|à tous|a tutti|zusammen))?[,!])',
    // The parts of the post or the goal of the text, talked about in the text.
    '(?:each|every) section\\b',
    // The part described instead of written ("The section focuses on…", "The tips are presented in
    // a straightforward manner", "The content will be tailored to…", "It also emphasizes the
    // importance of…" after a part that ended), or the whole post reviewed ("Summary: The article
    // has provided a comprehensive overview… The author provides practical tips…").
    '^(?:the|this) (?:section|content|tips|paragraph|text)s? (?:will |is |are |also )?(?:be )?(?:focus|focuses|presented|tailored|covers|emphasi[sz]es|aims|discusses|explores|highlights|structured|designed|written|organi[sz]ed)\\b',
    '^it also (?:emphasi[sz]es|highlights|covers|discusses|explores)\\b',
    // A tip that describes the section instead ("It covers important details such as shoe
    // selection…, providing concrete tips with short sentences for easy understanding.").
    '^(?:it|they) (?:also )?(?:covers?|highlights?) (?:important|key|essential) (?:details|elements|points|concepts|aspects|topics)\\b',
    '\\b(?:with|in) short sentences\\b',
    '\\bthe (?:article|post|author|blog post) (?:has )?(?:provided|provides|highlights|has shown|shows how|discusses|covers|offers)\\b',
    '^the goal is to provide\\b',
    '\\b(?:dans|en) cette (?:introduction|section|partie|conclusion)\\b',
    '\\b(?:in|en) (?:this|esta) (?:introduction|introducci[oó]n|conclusion|conclusi[oó]n)\\b',
    // The rewrite talked about (its prompt says what was refused): "The final version has the
    // required paragraph structure… avoids… mid-sentence breaks. This revised version meets the
    // requirements of the prompt…", "Ahora, aquí tienes una versión más corta y útil del
    // Introduction… Asegúrate de usar el keyword…".
    '\\b(?:the|this|a) (?:final|revised|new|updated|corrected) version\\b',
    '\\bthe prompt\\b',
    '\\bparagraph structure\\b',
    '\\bmid-sentence\\b',
    'aqu[íi] tienes una? (?:versi[óo]n|introducci[óo]n|texto|resumen|secci[óo]n)',
    '\\b(?:una|la|esta) versi[óo]n (?:m[áa]s )?(?:corta|final|revisada|nueva|mejorada|corregida)',
    '\\bla version (?:finale|r[ée]vis[ée]e|corrig[ée]e|am[ée]lior[ée]e)',
    'as[ée]g[úu]rate de usar (?:el|la|las|los) (?:keyword|palabra)',
    // Offers and wishes to the reader, and a note that the text is only a sample: "You can add
    // more content if needed", "Espero te guste!", "N'hésitez pas à consulter ces suggestions…",
    // "Notez que ce sont juste des exemples et vous pouvez ajuster selon votre style".
    'you can add more (?:content|text|details)',
    'espero (?:que )?(?:te|le|les|os) (?:guste|sirva|ayude)',
    "n'h[ée]sitez pas [àa] (?:consulter|lire|poser)",
    '\\b(?:ce sont|these are|estos son|estas son) (?:juste |seulement |just |only |solo |s[óo]lo )?(?:des |some )?(?:exemples|examples|ejemplos)\\b',
    'cada secci[oó]n',
    'chaque section',
    'jede[nmrs]? Abschnitt',
    'ogni sezione',
    'cada se[çc][ãa]o',
    "(?:the|el|le|l'|o|il|das) (?:goal|purpose|objetivo|but|objectif|scopo|Ziel) (?:de|of|di|des|dieses) (?:this|este|cet|questo|deste) (?:article|post|blog|art[íi]culo|articolo|artigo|Artikels)",
    "voici l[’']essentiel",
    'aqu[íi] (?:tienes|te dejo) un resumen',
    // The language named as a label: the text is in it already ("…conseils pratiques en français :").
    '(?:in|en|auf|em) (?:english|spanish|french|german|fran[çc]ais|espa[ñn]ol|ingl[ée]s|anglais|espagnol|deutsch|italiano|portugu[êe]s)\\s*:',
    // Talk about the writing itself, in English and five more languages: a published text does
    // not say "here is the first paragraph of section 1" or "the title of the post is".
    '(?:the|this) (?:first |second |next )?paragraph\\b',
    // The post's own "**Meta description:**" line is not talk about it.
    '(?:the|its|your|la|su|tu|sa|die|a) meta[- ]?descri(?:ption|pción|pcion|ção)',
    'the title of (?:the|this) (?:post|blog|article)',
    'p[áa]rrafo',
    'encabezado',
    '(?:el|la) secci[oó]n \\d',
    '(?:el|este) (?:post|texto|blog) (?:es|está|completo)',
    '(?:el )?t[íi]tulo del (?:post|blog|art[íi]culo)',
    'aqu[íi] (?:tienes|est[áa]) (?:el|la|los|las|todo|tu) (?:primer|segund|tercer|texto|p[áa]rrafo|secci[oó]n|intro|puntos|tres|cuatro|parte)',
    'estoy aqu[íi] para ayudar',
    // How the section could be written, said instead of it ("Por ejemplo, puedes tener un punto
    // llamado: … podrías tener otro título como… Aquí puedes proporcionar ejemplos de cómo
    // estructurar tu lista… Para hacerlo más claro y conciso, podrías decir algo como esto:").
    '\\b(?:puedes|podr[íi]as) (?:tener|presentar|proporcionar|decir) (?:un punto|otro|otra|algo como|ejemplos|ideas)\\b',
    '\\bun punto llamado\\b',
    '\\bpara hacerlo m[áa]s claro\\b',
    // The writer as a helper of the one who asked ("Con esta guía, te ayudaré a planificar…",
    // "Aquí te proporciono tres pasos…", "Por favor, repasar y adapta los textos según sea
    // necesario.").
    '\\bte ayudar[ée](?!\\p{L})',
    'aqu[íi] te (?:proporciono|doy|dejo|presento|muestro)\\b',
    'por favor,? (?:repas|revis|adapt)\\p{L}*',
    '\\b(?:adapta|revisa|repasa) (?:los|el|este|estos) textos?\\b',
    'en qu[ée] puedo ayudar',
    'podr[íi]as (?:continuar|proporcionar|darme|enviarme)',
    'por favor,? (?:corrige|proporciona|contin[úu]a|env[íi]a)',
    'paragraphe',
    'voici (?:le|la|les) (?:premier|premi[èe]re|paragraphe|section|texte|introduction)',
    'je suis (?:là|la) pour (?:t|vous) aider',
    'Absatz',
    'hier ist (?:der|die|das) (?:Text|Absatz|Abschnitt)',
    'paragrafo',
    'ecco (?:il|la|i|le) (?:primo|prima|paragrafo|sezione|testo)',
    'aqui est[áa] (?:o|a) (?:primeiro|primeira|par[áa]grafo|se[çc][ãa]o|texto)',
    // Talk about the post's sections, points, words and layout, in the visitor's language: "En la
    // segunda sección, nos concentraremos en…", "No incluir el texto de las secciones 2, 3, y 4",
    // "Cada uno es una frase corta", "El primer punto podría ser:", "No olvides centrar cada
    // columna y alinearlo a la izquierda", "Veuillez noter que cette section utilise des mots
    // clés…", "écrit dans la première personne", "¿Podrías compartir algún otro tema…?".
    '\\b(?:first|second|third|fourth|fifth|last|next|previous|this) section\\b',
    '\\b(?:primera|segunda|tercera|cuarta|quinta|[úu]ltima|siguiente|anterior|esta) secci[oó]n\\b',
    '\\b(?:premi[èe]re|deuxi[èe]me|seconde|troisi[èe]me|quatri[èe]me|derni[èe]re|prochaine|cette) (?:section|partie)\\b',
    '\\b(?:sections|secciones|se[çc][õo]es) \\d',
    '\\bcada (?:uno|una|punto|consejo|vi[ñn]eta) (?:es|tiene|debe ser) (?:una? )?(?:breve |corta )?(?:frase|oraci[oó]n|sentencia)',
    '\\bchaque (?:point|conseil|puce) (?:est|doit [êe]tre) une (?:courte )?phrase',
    '\\b(?:el|la) (?:primer|primera|segundo|segunda|tercer|tercera|[úu]ltimo|[úu]ltima) (?:punto|consejo) (?:podr[íi]a|puede|deber[íi]a) ser',
    '\\bthe (?:first|second|third|last) (?:point|tip|bullet) (?:could|should|might|would) be',
    '\\ble (?:premier|deuxi[èe]me|dernier) (?:point|conseil) (?:pourrait|peut|devrait) [êe]tre',
    '\\b(?:centr|alin|align|center)\\p{L}* (?:\\p{L}+ ){0,3}(?:columna|column|colonne|izquierda|derecha|left|right|gauche|droite)\\b',
    '\\b(?:cada columna|every column|chaque colonne)\\b',
    'veuillez noter que',
    // A French section that describes the section it should be (the seventh run's walking post:
    // "La section se termine par un récapitulatif… Il ne faut pas mettre de titres… Les liens
    // vers les sections suivantes… seront ajoutés à la fin du document.").
    '\\b(?:la|cette) section (?:se termine|commence|contient|pr[ée]sente|comprend)\\b',
    '\\bil ne faut pas mettre de titres?\\b',
    '\\bsections? suivantes?\\b',
    '\\b(?:la fin|le d[ée]but) du document\\b',
    '\\(\\d+\\),? (?:\\(\\d+\\),? )*(?:et|and|y|und|e) \\(\\d+\\)',
    // The writer's own steps told in a story ("En suivant la planification, je continue avec le
    // milieu de mon histoire. Voici l'extension en français qui suit la fin du début…" was a
    // paragraph of the fifth run's French story).
    "\\bje continue (?:avec|par) (?:le |la |l[’'])?(?:milieu|d[ée]but|fin|suite|histoire)",
    "voici l[’']extension\\b",
    '\\b(?:en suivant|selon|following|siguiendo) (?:la |le |the |el |my |mon |ma |mi )?(?:planification|plan|planificaci[oó]n)\\b',
    '\\bje respecte (?:toujours )?les (?:normes|consignes|r[èe]gles)',
    '\\bI (?:continue|go on) with the (?:middle|beginning|ending|end) of (?:my|the) story',
    '\\bcontin[úu]o con (?:el|la) (?:mitad|medio|inicio|final) de (?:mi|la) historia',
    // The writing instructions as a rule of the text ("Les phrases doivent être directes et à la
    // fois informatives…" opened a section of the fifth run's French post), and the text named
    // as a text ("Nous vous guiderons tout au long du texte…").
    '^(?:les|the|las|los|die|le) (?:phrases|sentences|frases|oraciones|S[äa]tze|paragraphes|paragraphs) (?:doivent|must|should|need to|deben|tienen que|sollen|m[üu]ssen)\\b',
    '\\b(?:tout au long|au fil|[àa] la fin) (?:du|de ce|de cet) (?:texte|article)\\b',
    '\\b(?:throughout|at the end of) (?:this|the) (?:text|article)\\b',
    '\\b(?:usa|usar|utiliza|utilizar|incluye|incluir|utilise|utiliser|use|uses|using|include|includes) (?:\\p{L}+ ){0,2}(?:palabras? clave|mots?[- ]cl[ée]s?|keywords?)\\b',
    // The voice the text is written in ("écrit dans la première personne"), not a first person
    // to cross a line.
    '\\b(?:in|en|dans) (?:the |la )?(?:first|third|primera|tercera|premi[èe]re|troisi[èe]me) person(?:a|ne)?\\b',
    '\\bpodr[íi]as (?:compartir|sugerir|indicarme|decirme)\\b',
    '\\bcould you (?:share|suggest|tell me|give me)\\b',
    '\\bpourriez-vous\\b',
    // A story's style and its going on said in the story ("Continuando con la mitología del mundo
    // mágico, y usando un humor satírico, Pimienta…").
    '^(?:continuando (?:con|desde)|en continuant)\\b',
    '\\b(?:usando un (?:humor|tono)|using an? \\p{L}+ (?:tone|style)|en utilisant un (?:humour|ton))\\b',
    // A story's instructions said back in the story's language.
    'contin[úu]o con (?:el|la) (?:cuerpo|historia|relato)',
    'escribo en (?:espa[ñn]ol|ingl[ée]s|franc[ée]s)',
    'la historia original',
    "j'[ée]cris en (?:fran[çc]ais|anglais|espagnol)",
    // Spanish, French, German, Italian, Portuguese
    'espero que (?:te|le|les|os) (?:sea|sirva|haya)',
    'tienes (?:alguna )?(?:otra )?pregunta',
    'no dudes en (?:compartir|preguntar|contactar|escribir)\\p{L}*(?: \\p{L}+)? conmigo',
    "j'esp[eè]re que (?:cela|ceci|cet article)",
    "n'h[ée]sitez pas [àa] (?:me|nous)",
    "avez-vous d'autres questions",
    'ich hoffe,? (?:das|dies)',
    'spero che (?:questo|ti|vi)',
    'espero que (?:isso|este)',
    // Japanese: "The middle is…", "so, it ends here".
    '^(?:序盤|中盤|終盤)は',
    'ここで終わります',
    '物語はここで終わり',
    // The ending described as a revision ("最後の段落が以下のようなようになるでしょう。…このように
    // 修正された段落は、次のようになります。" was the seventh run's Japanese ending).
    '段落',
    '次のようになります',
    '以下のよう',
    '修正(?:された|しました|します)',
    '元々の文',
  ]
    // A word boundary only where the phrase starts with a Latin letter: \b never matches
    // before a Japanese one.
    .map((phrase) => (phrase.startsWith('^') || !/^[a-z]/i.test(phrase) ? phrase : `\\b${phrase}`))
    .join('|'),
  'iu',
);

/** Three numbered items running on inside one sentence. */
const INLINE_LIST = /(?:^|\s|:)1[.)]\s+\S[^\n]*?\s2[.)]\s+\S[^\n]*?\s3[.)]\s/u;

/** A list's number written in a sentence: 1 to 99, or i to x. */
const NUMERAL = String.raw`(\d{1,2}|[ivx]{1,4})`;
/** "…Compatibility 2." (the grammar ends a sentence after a list's number) or "IV.)". */
const CLOSING_NUMERAL = new RegExp(String.raw`(?:^|[\s:])${NUMERAL}[.)]{1,2}\s*$`, 'iu');
/** "“2) Commencez par…": the list's number, and a stray quote, before the item's sentence. */
const OPENING_NUMERAL = new RegExp(String.raw`^["“«]?\s*${NUMERAL}[.)]\s+(?=\p{L})`, 'iu');
/** "Voici quelques points clés : 1) Marchez…": the list's introduction and its first number. */
const NUMERAL_AFTER_COLON = new RegExp(
  String.raw`^[^:\n]*:\s*["“«]?${NUMERAL}[.)]\s+(?=\p{L})`,
  'iu',
);
/** "1) " before a sentence's words, at its start or after its colon, with no "(" before it. */
const LONE_ITEM_NUMBER = new RegExp(
  String.raw`^((?:[^:(\n]*:\s*)?)["“«]?\s*${NUMERAL}\)\s+(?=\p{L})`,
  'iu',
);
const ROMAN_NUMERALS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];

function numeralValue(numeral: string | undefined): number | undefined {
  if (numeral === undefined) return undefined;
  if (/^\d+$/.test(numeral)) return Number(numeral);
  const index = ROMAN_NUMERALS.indexOf(numeral.toLowerCase());
  return index === -1 ? undefined : index + 1;
}

/**
 * A numbered list written inside a paragraph ("Key points: 1. Compatibility 2. Choose someone…
 * 6.", "i. Busca… II. Comparte… IV.)", "“2) Commencez… “3) Ajoutez…"), which the grammar reads as
 * sentences that end or start with a number. A sentence that ends on a list's number goes (its
 * words run into the next item); a number before an item's sentence goes, with the list's
 * introduction before the first, and the sentence stays; a number alone goes, and so does a whole
 * list in one sentence. A sentence that ends on a number of its own ("Mia was 7.") stays: a list's
 * numbers follow a colon or run on from a neighbour's.
 */
export function removeInlineLists(text: string): string {
  const numbers = (sentence: string) => {
    const opening = OPENING_NUMERAL.exec(sentence) ?? NUMERAL_AFTER_COLON.exec(sentence);
    return {
      closing: numeralValue(CLOSING_NUMERAL.exec(sentence)?.[1]),
      opening: numeralValue(opening?.[1]),
      openingLength: opening?.[0].length ?? 0,
    };
  };
  return text
    .split('\n')
    .map((line) => {
      const marker = LINE_MARKER.exec(line)?.[0] ?? '';
      const parts = splitSentences(line.slice(marker.length));
      const found = parts.map(numbers);
      const numberOf = (index: number) => found[index]?.opening ?? found[index]?.closing;
      const runsOn = (index: number, number: number) =>
        numberOf(index + 1) === number + 1 || numberOf(index - 1) === number - 1;
      const kept = parts.flatMap((sentence, index) => {
        const { closing, opening, openingLength = 0 } = found[index] ?? {};
        const alone = sentence.replace(CLOSING_NUMERAL, '').trim() === '';
        // A whole list in one sentence ("…: 1) Réduction du stress 2) Stimulation du cerveau 3)…")
        // has no sentence to keep.
        if (INLINE_LIST.test(sentence)) return [];
        if (
          closing !== undefined &&
          (alone || /:\s*\S+\s*$/u.test(sentence) || runsOn(index, closing))
        ) {
          return [];
        }
        if (opening !== undefined && runsOn(index, opening)) {
          return [capitalised(sentence.slice(openingLength))];
        }
        // A list that stopped at its first item ("…sostenible: 1) Fíjate en las promociones.")
        // loses the number and its bracket, which closes nothing; the sentence stays.
        return [sentence.replace(LONE_ITEM_NUMBER, '$1')];
      });
      if (
        kept.length === parts.length &&
        kept.every((sentence, index) => sentence === parts[index])
      )
        return line;
      const joined = kept.join('').trimEnd();
      return joined === '' ? undefined : `${marker}${joined}`;
    })
    .filter((line) => line !== undefined)
    .join('\n');
}

/** The fewest words in a row a sentence shares with its instructions to be saying them back. */
const ECHO_RUN_WORDS = 6;

/**
 * Drops each sentence that says `instruction` back: one of three words or more it holds word for
 * word ("Each one short sentence."), or one that shares ECHO_RUN_WORDS words in a row with it
 * outside its quotes ("The Kite Chase Adventure (Middle) Continue from where the story so far
 * stops…"). What an instruction quotes (a heading, a keyword) may be taken up by the text.
 */
export function removeSentencesOf(text: string, instruction: string): string {
  const words = (phrase: string) =>
    phrase
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
      .trim();
  const source = ` ${words(instruction)} `;
  const unquoted = ` ${words(instruction.replace(/"[^"\n]*"/g, ' | '))} `;
  return keepSentences(text, (sentence) => {
    const key = words(sentence);
    if (countWords(sentence) < 3) return true;
    if (source.includes(` ${key} `)) return false;
    const sentenceWords = key.split(' ');
    for (let start = 0; start + ECHO_RUN_WORDS <= sentenceWords.length; start += 1) {
      const run = sentenceWords.slice(start, start + ECHO_RUN_WORDS).join(' ');
      if (unquoted.includes(` ${run} `)) return false;
    }
    return true;
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The quotes a line may open, each with its closing mark; a straight quote closes itself. */
const QUOTE_CLOSERS: Record<string, string> = {
  '“': '”',
  '«': '»',
  '「': '」',
  '『': '』',
  '"': '"',
};

/**
 * Closes, at the end of each line, the quotes the line opened and did not close, innermost first:
 * the model's dialogue runs to the paragraph's end ("「ねえ、見て。" ended a Japanese paragraph),
 * or a cleaning step took out the sentence that closed it. A paragraph is where a reader takes a
 * quote to end. An opening mark that ends a line has nothing to quote, and goes.
 */
export function closeOpenQuotes(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (/^#{1,6}\s/.test(line)) return line;
      // A closing quote the grammar's gap put a space before ('…is gone! " Leo thought'): an
      // opening quote is never followed by a space.
      const content = line.replace(/([.!?…,]) "(?=\s|$)/gu, '$1"').replace(/\s*[“«「『]+\s*$/u, '');
      if (!endsWithFinishedSentence(content)) return content;
      const open: string[] = [];
      for (const mark of content) {
        const closer = QUOTE_CLOSERS[mark];
        if (open.at(-1) === mark) open.pop();
        else if (closer !== undefined) open.push(closer);
      }
      return `${content}${open.reverse().join('')}`;
    })
    .join('\n');
}

/** A list item's marker, and a script cue's bold label after it: not part of its sentences. */
const LINE_MARKER = /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*[^*\n]+\*\*:?\s*)?/;

/**
 * Keeps the sentences `keep` accepts, line by line, each line's list marker and label with them.
 * A line that loses all its sentences goes; an empty line (a paragraph break), a heading and a
 * line `keepWhole` names stay.
 */
function keepSentences(
  text: string,
  keep: (sentence: string) => boolean,
  keepWhole: (line: string) => boolean = () => false,
): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    // A heading is a name, not sentences: it stays whole even when a part says the same words.
    if (/^#{1,6}\s/.test(line) || keepWhole(line)) {
      lines.push(line);
      continue;
    }
    const marker = LINE_MARKER.exec(line)?.[0] ?? '';
    const kept = splitSentences(line.slice(marker.length)).filter(keep).join('').trimEnd();
    if (kept !== '') lines.push(`${marker}${kept}`);
    else if (line.trim() === '' || marker.trim() === line.trim()) lines.push(line.trimEnd());
  }
  // A paragraph that lost every sentence leaves its blank lines: one break between paragraphs.
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** A line's text without its list marker and bold label ("- **Voiceover:** "). */
function withoutLineMarker(line: string): string {
  return line.slice(LINE_MARKER.exec(line)?.[0].length ?? 0);
}

/**
 * A script's cue line ("- **On-screen text:** Water first"): a cue shown again is a choice, a
 * sentence said again is a loop.
 */
function isCueLine(line: string, cueLabels: readonly string[]): boolean {
  return cueLabels.some((label) => new RegExp(`^\\W*\\*\\*${label}:?\\*\\*`).test(line));
}

/**
 * A plan as the writer keeps it: its lines are notes for the parts, never shown, and the model
 * quoted them and left quotes open ("Ending: その日…始めました。\"") that no text of the part had.
 */
export function planNotes(raw: string): string {
  return raw.trim().replace(/["“”«»「」]/gu, '');
}

/** Any bold label of a line, as isCueLine reads a label: a pattern. */
const ANY_LABEL = '[^*\\n]+';

/** A sentence this long said twice word for word is a loop, not style ("Run. Run." is style). */
const REPEAT_MIN_WORDS = 5;

/**
 * The share of their words two sentences have in common (of the words either has) from which the
 * later one says the earlier again: a paragraph the model wrote twice comes back with a word
 * changed ("Water benefits include improving your overall health…", then the same without "your").
 */
const NEAR_REPEAT_SHARE = 0.8;
/**
 * A long sentence whose words are nearly all in an earlier one tells it again with a few words
 * changed ("Leo looked out of his window at the tall trees and the blue sky, and thought about
 * flying his kite…", then "He looked around at all the trees and the blue sky, and thought…";
 * "He began to race his kite faster, trying to keep up with Lily." then "Leo began to race his
 * kite faster again, trying to keep up with her.", 10 of its 12 words).
 */
const RETOLD_SHARE = 0.8;
const RETOLD_MIN_WORDS = 12;

/**
 * The sentences of a text so far, to tell whether the next one says one of them again, word for
 * word or nearly (NEAR_REPEAT_SHARE).
 */
export class SaidSentences {
  /** Each sentence said: its word stems, and its words as a run " like this ". */
  private readonly said: { stems: Set<string>; run: string }[] = [];

  constructor(private readonly locale = 'en') {}

  /**
   * Whether the sentence repeats one said before, or the end or middle of one word for word
   * ("…el cielo, y Pimienta se sentía extrañada por la ausencia del faro del pueblo." then
   * "Pimienta se sentía extrañada por la ausencia del faro del pueblo."); a sentence that does not
   * is remembered.
   */
  saysAgain(sentence: string): boolean {
    if (countWords(sentence, this.locale) < REPEAT_MIN_WORDS) return false;
    const stems = wordStems(sentence, this.locale);
    const run = ` ${wordsOf(sentence.toLowerCase(), this.locale).join(' ')} `;
    const repeats = this.said.some(
      (earlier) =>
        earlier.run.includes(run) ||
        sharedShare(earlier.stems, stems) >= NEAR_REPEAT_SHARE ||
        (Math.min(earlier.stems.size, stems.size) >= RETOLD_MIN_WORDS &&
          containedShare(earlier.stems, stems) >= RETOLD_SHARE),
    );
    if (!repeats) this.said.push({ stems, run });
    return repeats;
  }
}

/**
 * A text's words as the repeat checks compare them: lower case, and only their first five letters,
 * so "ahorra", "ahorro" and "ahorrar" or "decide" and "decides" count as one word.
 */
function wordStems(text: string, locale = 'en'): Set<string> {
  return new Set(wordsOf(text.toLowerCase(), locale).map((word) => [...word].slice(0, 5).join('')));
}

function commonWords(one: Set<string>, other: Set<string>): number {
  let common = 0;
  for (const word of other) if (one.has(word)) common += 1;
  return common;
}

/** The share of the shorter text's words that the other has too. */
function containedShare(one: Set<string>, other: Set<string>): number {
  const shorter = Math.min(one.size, other.size);
  return shorter === 0 ? 0 : commonWords(one, other) / shorter;
}

/** The share of the words two texts have in common, of the words either has. */
function sharedShare(one: Set<string>, other: Set<string>): number {
  const common = commonWords(one, other);
  const either = one.size + other.size - common;
  return either === 0 ? 0 : common / either;
}

/** The fewest words a sentence needs before its common words tell its language. */
const LANGUAGE_SENTENCE_WORDS = 8;

/**
 * Drops each sentence in another language of those latinLanguageOf tells apart: a French post's
 * section written in English ("This not only reduces stress but…", then a note on its own
 * "translation"). What is left may be too short, and the part's check has it written again.
 */
export function removeOtherLanguages(
  text: string,
  profile: LanguageProfile,
  cueLabels: readonly string[] = [],
): string {
  const language = languageOfProfile(profile);
  if (!hasFunctionWords(language)) return text;
  return keepSentences(
    text,
    (sentence) =>
      (countWords(sentence, profile.locale) < LANGUAGE_SENTENCE_WORDS ||
        !inAnotherLanguage(sentence, language)) &&
      englishWordsIn(sentence, language) === undefined,
    (line) => isCueLine(line, cueLabels),
  );
}

/**
 * The words of writing about a story, in the languages latinLanguageOf tells apart: a story that
 * talks about itself uses two or more in one sentence ("Voici la suite du conte … basée sur le
 * plan", "Le style est à la fois simple et riche … dans le conte"), a story seldom does.
 */
const STORY_WRITING_WORDS = new Set(
  [
    // English
    'story tale plan style reader readers paragraph chapter author narrative plot continuation',
    'version text title sequel',
    // Spanish
    'historia cuento relato estilo lector lectores párrafo capítulo autor narrativa trama',
    'continuación versión texto título planificación',
    // French
    'histoire conte récit lecteur lecteurs paragraphe chapitre auteur narration intrigue',
    'texte titre planification',
    // German, Italian, Portuguese
    'geschichte erzählung stil leser absatz kapitel fortsetzung titel',
    'storia racconto stile lettore lettori paragrafo capitolo autore seguito testo titolo',
    'conto leitor leitores parágrafo enredo continuação versão',
  ]
    .join(' ')
    .split(' '),
);

/** How many writing words make a sentence talk about the story rather than tell it. */
const STORY_WRITING_WORDS_IN_TALK = 2;

/**
 * The words of writing about a post: a post that talks about itself uses three or more in one
 * sentence ("It maintains the content from the previous attempt but adheres to the constraints
 * given.", "Here is an example of a brief introduction to the topic…"). "Tips" and "readers" are
 * left out: a post says them of itself as a matter of course.
 */
const POST_WRITING_WORDS = new Set(
  [
    'content constraints attempt document section sections introduction post posts blog article',
    'articles examples topics headings titles',
    'paragraph paragraphs criteria example topic requirements guidelines instructions format',
    'keyword keywords heading title text header segment greeting',
    'contenido restricciones intento documento sección secciones introducción artículo párrafo',
    'párrafos criterios ejemplo tema requisitos instrucciones formato encabezado título texto',
    'contenu contraintes tentative paragraphe critères exemple sujet exigences consignes titre',
    'texte inhalt abschnitt einleitung artikel absatz beispiel thema anforderungen anweisungen',
    'titel beitrag contenuto sezione introduzione articolo paragrafo esempio argomento',
    'requisiti istruzioni formato titolo testo conteúdo seção introdução artigo parágrafo',
    'exemplo instruções título',
  ]
    .join(' ')
    .split(' '),
);
const POST_WRITING_WORDS_IN_TALK = 3;

function removeWritingTalk(
  text: string,
  vocabulary: ReadonlySet<string>,
  least: number,
  locale: string,
): string {
  return keepSentences(text, (sentence) => {
    const found = wordsOf(sentence.toLowerCase(), locale).filter((word) => vocabulary.has(word));
    return new Set(found).size < least;
  });
}

/**
 * Drops each sentence of a story that talks about the story instead of telling it: the model's
 * "Here is the rest of the tale, in the plan's style" said in the story's own language.
 */
export function removeTalkAboutTheStory(text: string, locale = 'en'): string {
  return removeWritingTalk(text, STORY_WRITING_WORDS, STORY_WRITING_WORDS_IN_TALK, locale);
}

/** Drops each sentence of a post that talks about the post, its parts or its instructions. */
export function removeTalkAboutThePost(text: string, locale = 'en'): string {
  return removeWritingTalk(text, POST_WRITING_WORDS, POST_WRITING_WORDS_IN_TALK, locale);
}

/**
 * Takes away a plan heading said as a label at the start of a line ("Por qué es importante ahorrar:
 * Ahorrar es…" in another section, "Form and Technique: The key to Success (cont. Section 3) Form
 * is…"): the sentence after it stays, with its capital.
 */
export function removeHeadingLabels(body: string, headings: readonly string[]): string {
  return body
    .split('\n')
    .map((line) => {
      const marker = /^(?:- )?/.exec(line)?.[0] ?? '';
      const rest = line.slice(marker.length);
      const heading = headings.find((candidate) =>
        rest.toLowerCase().startsWith(candidate.toLowerCase()),
      );
      if (!heading) return withoutInnerHeadingLabels(line, headings);
      // The label's own debris: a bracket ("(cont. Section 3)") and the colon or dash after it;
      // or no mark, when a capital starts the sentence after it ("Preparing to Drink Coffee
      // Preparing to drink coffee is…").
      const label = HEADING_LABEL_END.exec(rest.slice(heading.length));
      if (!label) return line;
      const after = rest.slice(heading.length + label[0].length);
      if (label[0].trim() === '' && !startsAfterLabel(after, label[0], heading)) return line;
      return after === '' ? line : `${marker}${capitalised(after)}`;
    })
    .join('\n');
}

/**
 * What ends a heading said as a label: its bracket ("(cont. Section 3)"), the colon or dash after
 * it, and the spaces before the sentence.
 */
const HEADING_LABEL_END = /^\s*(?:\([^)\n]*\))?\s*[:\-–—]?\s+/u;

/**
 * Whether the words after a heading and the spaces after it start a sentence of their own: a
 * capital does; in a script without capitals, a letter after a heading written without spaces
 * (a Japanese title, "ネコのミケと古灯台の石を見つける  アンタール世界に…") or after two spaces.
 * A Hindi heading followed by one space and a letter may be the sentence's own subject.
 */
function startsAfterLabel(after: string, spaces: string, heading: string): boolean {
  if (/^\p{Lu}/u.test(after)) return true;
  return /^\p{Lo}/u.test(after) && (/\s{2}/u.test(spaces) || !/\s/u.test(heading));
}

/**
 * A plan heading glued to the start of a sentence inside a line ("…start your day off strong!
 * Water: The importance for optimal performance In the morning, staying hydrated is…"): the
 * heading goes when a mark ends the sentence before it and a capital starts the words after it.
 */
function withoutInnerHeadingLabels(line: string, headings: readonly string[]): string {
  let kept = line;
  for (const heading of headings) {
    if (heading.trim() === '') continue;
    let from = 0;
    for (;;) {
      const at = kept.toLowerCase().indexOf(heading.toLowerCase(), from);
      if (at < 0) break;
      from = at + 1;
      if (!/[.!?…。！？]["'”’»)]*\s+$/u.test(kept.slice(0, at))) continue;
      const label = HEADING_LABEL_END.exec(kept.slice(at + heading.length));
      if (!label || !/^\p{Lu}/u.test(kept.slice(at + heading.length + label[0].length))) continue;
      kept = `${kept.slice(0, at)}${kept.slice(at + heading.length + label[0].length)}`;
    }
  }
  return kept;
}

/**
 * Drops each sentence that is one of `headings` said as a sentence ("Ahorra en el supermercado: Una
 * guía paso a paso." after the title "Ahorrar en el supermercado: Una guía paso a paso"): debris of
 * the plan. A sentence that goes on from a heading's words ("The impact of morning hydration on
 * your day is profound.") is prose and stays.
 */
export function removeHeadingSentences(text: string, headings: readonly string[]): string {
  const headingStems = headings.map((heading) => wordStems(heading));
  return keepSentences(text, (sentence) => {
    const stems = wordStems(sentence);
    return (
      !isTitleCased(sentence) &&
      !headingStems.some(
        (heading) =>
          stems.size <= heading.size + 1 && sharedShare(heading, stems) >= NEAR_REPEAT_SHARE,
      )
    );
  });
}

/**
 * A sentence written as a title ("A Comprehensive Guide to Getting Started Running, from Finding
 * Your Pace to Mastering Proper Form."): after its first word, four or more words of four letters
 * or more, and at least four in five of them capitalised. Prose capitalises its names only, and
 * German its nouns, about a third of such words.
 */
function isTitleCased(sentence: string): boolean {
  const longWords = sentence
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/\P{L}/gu, ''))
    .filter((word) => word.length >= 4);
  if (longWords.length < 4) return false;
  const capitalised = longWords.filter((word) => /^\p{Lu}/u.test(word)).length;
  return capitalised / longWords.length >= 0.8;
}

/**
 * The sentences of a text that a repeat is looked for among: not its cue lines (a cue shown again
 * is a choice) and not its headings (a body's first sentence may well take up its heading's words).
 */
export function sentencesToCompare(
  text: string,
  cueLabels: readonly string[] = [],
  locale = 'en',
): string[] {
  return text
    .split('\n')
    .filter((line) => !isCueLine(line, cueLabels) && !/^#{1,6}\s/.test(line))
    .flatMap((line) => splitSentences(withoutLineMarker(line), locale));
}

/**
 * Drops every sentence that repeats an earlier one (word for word or nearly, SaidSentences), in
 * the text or in `before` (the parts already written), and a line left empty by it. Small models
 * fall into loops (a paragraph written again and again) and copy the last part's opening line;
 * the sampler's penalties do not always stop them, and the visitor never sees it. Cue lines stay
 * whole.
 */
export function removeRepeatedSentences(
  text: string,
  cueLabels: readonly string[] = [],
  before = '',
): string {
  const said = new SaidSentences();
  const isRepeat = (sentence: string) => said.saysAgain(sentence);
  sentencesToCompare(before, cueLabels).forEach(isRepeat);
  return keepSentences(
    text,
    (sentence) => !isRepeat(sentence),
    (line) => isCueLine(line, cueLabels),
  );
}

function removeChatter(input: string): string {
  let paragraphs = input.trim().split(/\n{2,}/);
  while (paragraphs.length > 1 && isPreamble(paragraphs[0] ?? '')) paragraphs = paragraphs.slice(1);
  while (paragraphs.length > 1 && isClosingOffer(paragraphs.at(-1) ?? ''))
    paragraphs = paragraphs.slice(0, -1);
  let text = paragraphs.join('\n\n');

  // A preamble may also sit on the first line of the first paragraph, before the real text.
  const [firstLine, ...rest] = text.split('\n');
  if (rest.length > 0 && firstLine !== undefined && isPreamble(firstLine)) text = rest.join('\n');
  return text.trim();
}

function isPreamble(paragraph: string): boolean {
  const line = paragraph.trim();
  return (
    !line.includes('\n') && line.length <= 200 && PREAMBLE.some((pattern) => pattern.test(line))
  );
}

function isClosingOffer(paragraph: string): boolean {
  const line = paragraph.trim().replace(/^[*_-]+\s*/, '');
  return line.length <= 300 && CLOSING_OFFER.test(line);
}

/**
 * A visitor's topic, keyword or idea as plain words for a prompt or a grammar: markup is taken out
 * (a `<script>` topic must not come back as HTML), and so are the marks the grammars forbid.
 */
export function visitorText(text: string): string {
  return withoutHtml(text)
    .replace(/[<>{}[\]#*_`|~\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Refuses an empty result, so the visitor never gets a blank success; any other passes as it is. */
export function requireText(text: string, what: string): string {
  if (text.trim() === '') {
    throw new EmptyResultError(WRITER_MESSAGES.resultEmpty(what));
  }
  return text;
}

// ---------------------------------------------------------------- words and sentences

/**
 * Counts words the way a reader would, in any script: ICU's word segmentation knows that Chinese
 * and Japanese have no spaces and that Hindi or Arabic words carry combining marks.
 */
export function countWords(text: string, locale = 'en'): number {
  return wordsOf(text, locale).length;
}

/** A text's words, as ICU's word segmentation finds them in any script (see countWords). */
export function wordsOf(text: string, locale = 'en'): string[] {
  const words: string[] = [];
  for (const segment of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    if (segment.isWordLike) words.push(segment.segment);
  }
  return words;
}

/** A phrase with a capital first letter: a line, a heading or a sentence starts so. */
export function capitalised(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/**
 * A heading over `most` words keeps its part before the first colon when that part has 2 to
 * `most` words ("The Impact of Coffee on Your Body: How caffeine affects digestion and sleep").
 * The grammar lets a heading run longer than the page wants, because a word bound the model
 * reaches glues its next words together ("affectsDigestion").
 */
export function fitHeading(heading: string, most: number, locale = 'en'): string {
  if (countWords(heading, locale) <= most) return heading;
  const head = /^[^:：]+/u.exec(heading)?.[0].trim() ?? '';
  const words = countWords(head, locale);
  return words >= 2 && words <= most ? head : heading;
}

/** Sentences with their trailing spaces and line breaks, so joining them gives the text back. */
export function splitSentences(text: string, locale = 'en'): string[] {
  const sentences: string[] = [];
  for (const { segment } of new Intl.Segmenter(locale, { granularity: 'sentence' }).segment(text)) {
    // ICU ends a sentence after "Mr." or "e.g."; such a piece belongs to the next sentence. It
    // also ends one after a Japanese quote, before the "と言いました" that closes it.
    const previous = sentences.at(-1);
    if (
      previous !== undefined &&
      (ABBREVIATION_AT_END.test(previous) ||
        (/[」』]\s*$/u.test(previous) && /^[とっ]/u.test(segment)))
    ) {
      sentences[sentences.length - 1] = previous + segment;
    } else {
      sentences.push(segment);
    }
  }
  return sentences;
}

const ABBREVIATION_AT_END = /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|vs|e\.g|i\.e|No)\.\s*$/i;

/** Full stops of the story languages: Latin, CJK, Devanagari danda, Arabic and Urdu. */
const SENTENCE_END = /[.!?…。！？।॥؟۔]["'”’»」』)\]]*$/;

export function endsWithFinishedSentence(text: string): boolean {
  return SENTENCE_END.test(text.trimEnd());
}

/**
 * The longest run of whole sentences from the start with at most `maxWords` words. When even the
 * first sentence is longer, it is cut at a word boundary instead, so something is always left.
 */
export function trimToSentences(text: string, maxWords: number, locale = 'en'): string {
  let kept = '';
  let words = 0;
  for (const sentence of splitSentences(text, locale)) {
    const sentenceWords = countWords(sentence, locale);
    if (words + sentenceWords > maxWords) break;
    kept += sentence;
    words += sentenceWords;
  }
  if (kept.trim() !== '') return kept.trim();
  return trimToWords(text, maxWords, locale);
}

function trimToWords(text: string, maxWords: number, locale: string): string {
  let words = 0;
  for (const segment of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    if (!segment.isWordLike) continue;
    words += 1;
    if (words === maxWords) return `${text.slice(0, segment.index + segment.segment.length)}…`;
  }
  return text.trim();
}

/** Drops a last sentence that the model did not finish (it ran out of tokens mid-way). */
export function dropUnfinishedSentence(text: string, locale = 'en'): string {
  if (endsWithFinishedSentence(text)) return text.trim();
  const sentences = splitSentences(text.trimEnd(), locale);
  if (sentences.length <= 1) return text.trim();
  return sentences.slice(0, -1).join('').trim();
}
