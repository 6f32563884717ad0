import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DRAFT_PROBLEM_MESSAGES,
  storyRequestSchema,
  type StoryRequest,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import {
  cleanModelOutput,
  closeOpenQuotes,
  fitHeading,
  removeHeadingLabels,
  removeHeadingSentences,
  removeOtherLanguages,
  removeRepeatedSentences,
  removeSentencesOf,
  removeTalkAboutThePost,
  removeTalkAboutTheStory,
  collectText,
  countWords,
  trimToSentences,
  writerContext,
} from '../src/writers/writing.ts';
import { markdownToPlainText } from '../src/text/markdown.ts';
import { LANGUAGE_PROFILES } from '../src/writers/languages.ts';
import {
  paragraphProblems,
  withoutFrameSections,
  withoutSectionLabel,
} from '../src/features/blog/service.ts';
import { writeStory } from '../src/features/story/service.ts';
import {
  cueProblems,
  fitCues,
  removeStageDirections,
  scriptSections,
  withCarriedWords,
  withOnScreenText,
  writeVideoScript,
} from '../src/features/video-script/service.ts';
import { checkDraft, spokenText } from '../src/writers/draft-check.ts';
import {
  answering,
  hangingTextGenerator,
  scriptedTextGenerator,
  writerDouble,
} from './helpers/writers-text-generator.ts';
import { EmptyResultError, GenerationAbortedError, ProviderFailedError } from '../src/errors.ts';

const MINUTE = 60_000;

function story(overrides: Partial<StoryRequest> = {}): StoryRequest {
  return storyRequestSchema.parse({
    language: 'English',
    storyType: 'adventure',
    audience: 'kids 4-8',
    tone: 'humorous',
    topic: 'The hunt for a hidden treasure',
    storyLength: 300,
    additionalInfo: '',
    ...overrides,
  });
}

// ---------------------------------------------------------------- cleaning

test('cleaning removes chatter around the answer and keeps its markdown', () => {
  const raw =
    "<think>The user wants a script.</think>\nSure! Here's your script:\n\n```markdown\n# Morning habits\n\n**Hook (0:00-0:03)** Wake up.\n```\n\nLet me know if you'd like any changes!";
  assert.equal(cleanModelOutput(raw), '# Morning habits\n\n**Hook (0:00-0:03)** Wake up.');
  assert.equal(
    cleanModelOutput(
      'Certainly! Here is a blog post about sleep:\n# Sleep better\n\nText.\n\nI hope this helps!',
    ),
    '# Sleep better\n\nText.',
  );
  // Titles and text that merely start like chatter stay.
  for (const story of [
    'Great Expectations\n\nPip was an orphan.',
    'Here Comes the Sun\n\nMorning broke.',
    'Okay Then\n\nShe left.',
  ]) {
    assert.equal(cleanModelOutput(story), story);
  }
  assert.equal(
    cleanModelOutput("Here's a 300-word adventure story for kids.\n\nThe Map\n\nTom found a map."),
    'The Map\n\nTom found a map.',
  );
  assert.equal(
    cleanModelOutput('# Title\n\nHere is the secret: rest.'),
    '# Title\n\nHere is the secret: rest.',
  );
});

test('cleaning takes out raw HTML an answer echoed, and keeps code and comparisons as written', () => {
  assert.equal(
    cleanModelOutput(
      '# <script>alert(1)</script>: Web Security Basics\n\nUse <b>strong</b> passwords.<!-- x -->\n\n<div onclick="steal()">\nA block.\n</div>\n\nKeep `<br>` and 3 < 4 > 2.\n\n```html\n<p>an example</p>\n```',
    ),
    '# alert(1): Web Security Basics\n\nUse strong passwords.\n\nA block.\n\nKeep `<br>` and 3 < 4 > 2.\n\n```html\n<p>an example</p>\n```',
  );
});

test('the story loses its markdown but keeps its paragraphs', () => {
  const text = markdownToPlainText(
    '# The Fox\n\n**Once** upon a *time*, a [fox](https://example.com) ran.\n\n- It hid.\n- It slept.\n\n---\n\nThe_end stays 2*3*4.',
  );
  assert.equal(
    text,
    'The Fox\n\nOnce upon a time, a fox ran.\n\nIt hid.\nIt slept.\n\nThe_end stays 2*3*4.',
  );
  // A title written as a hashtag, as Qwen2.5 1.5B did once.
  assert.equal(markdownToPlainText('#LostKiteAdventure\n\nOnce.'), 'LostKiteAdventure\n\nOnce.');
});

test('words are counted in scripts without spaces too', () => {
  assert.equal(countWords("Don't stop: the quick brown fox, 3 times!"), 8);
  assert.ok(countWords('我喜欢吃苹果。今天天气很好。', 'zh') >= 6);
  assert.equal(countWords('राम ने एक कहानी लिखी।', 'hi'), 5);
});

test('a Japanese quote and the "と質問しました" that closes it are one sentence', () => {
  const story =
    'ネコはびっくりしました。「何がお手伝いできますか？」と質問しました。\n\n「何がお手伝いできますか？」と質問しました。ミケは笑いました。';
  assert.equal(
    removeRepeatedSentences(story),
    'ネコはびっくりしました。「何がお手伝いできますか？」と質問しました。\n\nミケは笑いました。',
  );
});

test('a quote a paragraph leaves open is closed at its end, innermost first; a bare opener goes', () => {
  // The seventh run's kite story: a closing quote after a space.
  assert.equal(
    closeOpenQuotes('"I can\'t believe my kite is gone! " Leo thought. "What now? " he said.'),
    '"I can\'t believe my kite is gone!" Leo thought. "What now?" he said.',
  );
  // Seen in the writers' benchmark: a Japanese paragraph ended inside its dialogue.
  assert.equal(
    closeOpenQuotes('ミケは窓を見ました。「ねえ、見て。\n\n光がありました。'),
    'ミケは窓を見ました。「ねえ、見て。」\n\n光がありました。',
  );
  assert.equal(
    closeOpenQuotes('She said, "Look at the «old lamp. It shines.'),
    'She said, "Look at the «old lamp. It shines.»"',
  );
  assert.equal(closeOpenQuotes('El faro brillaba. «'), 'El faro brillaba.');
  // Closed quotes, a heading and a line cut mid-sentence are left as they are.
  const whole = '# "Title\n\nHe said "hi." She said “bye.”\n- **B-roll:** A lamp “glowing';
  assert.equal(closeOpenQuotes(whole), whole);
});

test('trimming keeps whole sentences, and "Mr." does not end one', () => {
  assert.equal(
    trimToSentences('One two three. Four five six. Seven eight nine.', 7),
    'One two three. Four five six.',
  );
  assert.equal(
    trimToSentences('Mr. Brown came home late. He slept.', 5),
    'Mr. Brown came home late.',
  );
  assert.equal(
    trimToSentences('राम ने एक कहानी लिखी। फिर वह सो गया।', 6, 'hi'),
    'राम ने एक कहानी लिखी।',
  );
});

// ---------------------------------------------------------------- collecting the stream

// The deadline is an hour away: only the visitor's abort can end the collection before the
// test's own time limit, which guards against a hang and measures nothing.
test(
  'a visitor who leaves stops the generation at once, even from an engine that hangs',
  { timeout: MINUTE },
  async () => {
    const generator = hangingTextGenerator();
    const visitor = new AbortController();
    // The visitor leaves while the engine hangs mid-generation.
    void generator.hanging.then(() => visitor.abort());
    await assert.rejects(
      collectText(writerContext(generator, visitor.signal, 60 * MINUTE), {
        system: 's',
        prompt: 'p',
        maxTokens: 10,
      }),
      GenerationAbortedError,
    );
    assert.equal(generator.returned, true, 'the stream was told to stop');
  },
);

test('the deadline stops a generation with a message that says what to do', async () => {
  await assert.rejects(
    collectText(writerContext(hangingTextGenerator(), undefined, 80), {
      system: 's',
      prompt: 'p',
      maxTokens: 10,
    }),
    (error: unknown) =>
      error instanceof ProviderFailedError && error.message === WRITER_MESSAGES.writingTooSlow,
  );
});

test('the generator gets the signal, the prompts and the token budget', async () => {
  const generator = scriptedTextGenerator(['Hello there.']);
  const text = await collectText(writerContext(generator, undefined, MINUTE), {
    system: 'system text',
    prompt: 'prompt text',
    maxTokens: 42,
  });
  assert.equal(text, 'Hello there.');
  const [request] = generator.requests;
  assert.equal(request?.system, 'system text');
  assert.equal(request?.prompt, 'prompt text');
  assert.equal(request?.maxTokens, 42);
  assert.ok(request?.signal instanceof AbortSignal);
});

// ---------------------------------------------------------------- empty answers

test('an empty story is an EmptyResultError, never a blank success', async () => {
  // The plan comes back empty, and again when it is asked once more.
  const generator = scriptedTextGenerator(['<think>nothing to say</think>', '']);
  await assert.rejects(
    writeStory(story(), writerContext(generator, undefined, MINUTE)),
    EmptyResultError,
  );
});

// ---------------------------------------------------------------- prompts from every option

test('the video script plan has the platform conventions and a word budget per section', async () => {
  const short = writerDouble();
  await writeVideoScript(
    { topic: 'Productivity', platform: 'Instagram', duration: 0.15, additionalInfo: '' },
    writerContext(short, undefined, MINUTE),
  );
  const plan = short.requests[0]?.prompt ?? '';
  assert.match(
    plan,
    /video script to post on Instagram, on the topic "Productivity", 9 seconds long/,
  );
  // Too short for a point of its own: a hook that makes it, and a call to action.
  assert.match(
    plan,
    /- Hook \(0:00-0:04\): 10 spoken words\n- Call to action \(0:04-0:09\): 13 spoken words\n/,
  );
  assert.match(plan, /hook in the first 1 to 2 seconds/i);
  assert.match(plan, /The two-minute rule/, 'the sample idea stands in for a missing idea');
  assert.match(plan, /call to action/);
  assert.match(
    short.requests[1]?.prompt ?? '',
    /Write the section Hook \(0:00-0:04\)[^\n]*about 10 words, in one sentence/,
  );

  const long = writerDouble();
  await writeVideoScript(
    {
      topic: 'Tech & AI',
      platform: 'YouTube',
      duration: 1.5,
      additionalInfo: 'Free AI tools for teachers',
    },
    writerContext(long, undefined, MINUTE),
  );
  const longPlan = long.requests[0]?.prompt ?? '';
  assert.match(longPlan, /90 seconds long/);
  assert.match(longPlan, /Free AI tools for teachers/);
  assert.match(longPlan, /subscribe/);
  assert.match(longPlan, /- Point 3 \(0:56-1:20\): 60 spoken words/);
  assert.match(
    long.requests.find((request) => request.prompt.includes('Write the section Point 3'))?.prompt ??
      '',
    /about 60 words, in 8 sentences/,
    'a long section asks for the sentences its words need',
  );

  // The plan: sections that add up to the duration and the words.
  for (const [duration, words] of [
    [0.15, 23],
    [1.5, 225],
  ] as const) {
    const sections = scriptSections(duration);
    assert.equal(sections[0]?.name, 'Hook');
    assert.equal(sections.at(-1)?.name, 'Call to action');
    assert.equal(sections.at(-1)?.toSecond, duration * 60);
    const planned = sections.reduce((sum, section) => sum + section.words, 0);
    assert.ok(Math.abs(planned - words) <= words * 0.1, `${planned} words for ${words}`);
  }
});

test('a section that said too little leaves its words to the next one, so the script keeps its time', async () => {
  // 90 seconds: a hook of 20 words, three points, a call to action; 225 words in all.
  const sections = scriptSections(1.5);
  const planned = sections.reduce((sum, section) => sum + section.words, 0);
  const hook = `- **Voiceover:** ${Array.from({ length: 15 }, (_, index) => `hookw${index}`).join(' ')}.\n- **On-screen text:** Start now\n- **B-roll:** A desk with a timer\n`;
  const generator = writerDouble(answering('Write the section Hook', hook));
  const draft = await writeVideoScript(
    { topic: 'Tech & AI', platform: 'YouTube', duration: 1.5, additionalInfo: '' },
    writerContext(generator, undefined, MINUTE),
  );
  const asked = (name: string) =>
    Number(
      /about (\d+) words/.exec(
        generator.requests.find((request) => request.prompt.includes(`Write the section ${name}`))
          ?.prompt ?? '',
      )?.[1],
    );
  assert.equal(asked('Hook'), sections[0]?.words);
  assert.equal(asked('Point 1'), (sections[1]?.words ?? 0) + 5, 'the 5 words the hook left out');
  assert.equal(asked('Point 2'), sections[2]?.words, 'nothing left to carry');
  assert.equal(countWords(spokenText(draft.text, 'Voiceover')), planned);

  // Half a section's own share at most, either way.
  const point = { name: 'Point 1', fromSecond: 8, toSecond: 32, words: 60 };
  assert.equal(withCarriedWords(point, 50).words, 90);
  assert.equal(withCarriedWords(point, -50).words, 30);
  assert.equal(withCarriedWords({ ...point, words: 6 }, -5).words, 4);
});

test('on-screen text longer than a glance keeps its first phrase; a short one stays', () => {
  const section = (cue: string) =>
    `- **Voiceover:** Stretch now.\n- **On-screen text:** ${cue}\n- **B-roll:** A woman stretches at her desk`;
  assert.equal(
    fitCues(
      section('Stand tall, face forward, and rotate your body to engage different muscle groups!'),
      'en',
    ),
    section('Stand tall'),
  );
  assert.equal(fitCues(section('Stand tall and stretch'), 'en'), section('Stand tall and stretch'));
  assert.equal(
    fitCues(
      section(
        'Use this simple and effective 2-word title for the video: Desk Stretches in 2 Minutes',
      ),
      'en',
    ),
    section('Desk Stretches in 2 Minutes'),
  );
  // Without marks, the words before a clause or a purpose.
  assert.equal(
    fitCues(
      section(
        'Start creating interactive flashcards with Quizlet to make studying more engaging and efficient',
      ),
      'en',
    ),
    section('Start creating interactive flashcards with Quizlet'),
  );
  // A phrase that starts as a line does comes first; a fragment is given its capital.
  assert.equal(
    fitCues(
      section(
        'Break every single task you have today into many small steps, no matter how big or small, Focus on one task',
      ),
      'en',
    ),
    section('Focus on one task'),
  );
  assert.equal(
    fitCues(
      section(
        'Tus amigos y tu familia querrán ver este video ahora mismo sin esperar nada, comparte este video con tus amigos hoy',
      ),
      'es',
    ),
    section('Comparte este video con tus amigos hoy'),
  );
  assert.equal(
    fitCues(
      section('Ahora puedes compartir tu historia y ahorra tu primer fondo de emergencia!'),
      'es',
    ),
    section('Ahora puedes compartir tu historia'),
  );
  // No phrase of 2 to 8 words to keep: its first words, less those a phrase cannot end on.
  assert.equal(
    fitCues(
      section('Follow these simple steps every single morning before you sit down to work today'),
      'en',
    ),
    section('Follow these simple steps every single morning'),
  );
  assert.equal(
    fitCues(
      section(
        'Join us as we explore the transformative power of listening in relationships and life lessons, ensuring that all can experience the deepening impact of this essential skill on their lives and well-being!',
      ),
      'en',
    ),
    section('Join us as we explore the transformative power'),
  );
});

test('a script section whose on-screen text was cleaned away shows a phrase of its voice-over', () => {
  const section = cleanModelOutput(
    [
      '- **Voiceover:** These free apps turn your notes into flashcards, so you study in half the time.',
      "- **On-screen text:** Let's dive in!",
      '- **B-roll:** A student taps a phone',
    ].join('\n'),
  );
  assert.equal(
    withOnScreenText(section, 'en'),
    [
      '- **Voiceover:** These free apps turn your notes into flashcards, so you study in half the time.',
      '- **On-screen text:** These free apps turn your notes into flashcards',
      '- **B-roll:** A student taps a phone',
    ].join('\n'),
  );
  const whole = `${section}\n- **On-screen text:** Study smarter`;
  assert.equal(withOnScreenText(whole, 'en'), whole);
});

test('a script section whose cue line was cleaned away is refused', () => {
  const section =
    '- **Voiceover:** Imagine learning with these tools.\n- **B-roll:** A student uses a new app';
  assert.deepEqual(
    cueProblems(section, 'en').map((problem) => problem.message),
    [DRAFT_PROBLEM_MESSAGES.emptyCue('On-screen text')],
  );
  assert.deepEqual(cueProblems(`${section}\n- **On-screen text:** Study smarter`, 'en'), []);
});

test('a B-roll line that asks or exclaims names no shot; an exclaimed on-screen text is fine', () => {
  const section = [
    '- **Voiceover:** Stretch for two minutes.',
    '- **On-screen text:** Start stretching now!',
    '- **B-roll:** You get it, right?',
  ].join('\n');
  assert.deepEqual(
    cueProblems(section, 'en').map((problem) => problem.message),
    [DRAFT_PROBLEM_MESSAGES.cueNotAShot('B-roll', 'You get it, right?')],
  );
  assert.deepEqual(
    cueProblems(section.replace('You get it, right?', 'A worker stretches at a desk'), 'en'),
    [],
  );
});

test('a voice-over loses the stage directions that name its narrator; the cues stay', () => {
  // The fourth benchmark run's SnapChat script.
  const section = [
    '- **Voiceover:** In a casual voice, the narrator introduces GPT-3 and Bard. They can answer your questions in seconds. The narrator shows an example sentence.',
    '- **On-screen text:** Answer questions',
    '- **B-roll:** The narrator smiling at the camera',
  ].join('\n');
  assert.equal(
    removeStageDirections(section, 'en'),
    [
      '- **Voiceover:** They can answer your questions in seconds.',
      '- **On-screen text:** Answer questions',
      '- **B-roll:** The narrator smiling at the camera',
    ].join('\n'),
  );
});

test("an on-screen text that says the voice-over's words again stays", () => {
  const section = [
    '- **Voiceover:** Ahora que tienes tu primer sueldo normal, ¿es hora de empezar a ahorrar? Cada centavo cuenta.',
    '- **On-screen text:** Ahora que tienes tu primer sueldo normal, es hora de empezar a ahorrar',
    '- **B-roll:** Una mujer cuenta monedas en la cocina',
  ].join('\n');
  assert.equal(cleanModelOutput(section), section);
});

test('a B-roll line longer than one shot keeps its leading phrases, without the glued end', () => {
  const section = (shot: string) =>
    `- **Voiceover:** Stretch now.\n- **On-screen text:** Stretch now\n- **B-roll:** ${shot}`;
  assert.equal(
    fitCues(
      section(
        "A shot of a person sitting at their desk, their eyes closed, looking prepared for movement, hands relaxed on their thighs, feet flat on the floor, facing forward with arms naturally extended above head level, the person's eyes closed andrelaxedly-looking-forward-0",
      ),
      'en',
    ),
    section(
      'A shot of a person sitting at their desk, their eyes closed, looking prepared for movement, hands relaxed on their thighs',
    ),
  );
  // Without commas, the shot ends before a clause; "…reunida en un" cut by the bound goes.
  assert.equal(
    fitCues(
      section(
        'Una imagen de una familia reunida en la cocina que cuenta las monedas de la semana y sonríe mientras el padre anota cada gasto en una libreta vieja para que todos vean en un',
      ),
      'es',
    ),
    section(
      'Una imagen de una familia reunida en la cocina que cuenta las monedas de la semana y sonríe',
    ),
  );
  const short = 'A man in a blue shirt stretches at his desk';
  assert.equal(fitCues(section(short), 'en'), section(short));
});

test('a numbered list inside a paragraph goes; a sentence that ends on a number stays', () => {
  const running = [
    'Find a partner who runs at your pace.',
    '',
    'Key points: 1. Compatibility in fitness level 2. Choose someone who understands you 3.',
    '',
    'Here are some tips on gear: 1. Choose shoes with a proper fit. They should be snug.',
  ].join('\n');
  assert.equal(
    cleanModelOutput(running),
    [
      'Find a partner who runs at your pace.',
      '',
      'Choose shoes with a proper fit. They should be snug.',
    ].join('\n'),
  );
  const story = 'Mia was 7. She loved the old lighthouse on the hill.';
  assert.equal(cleanModelOutput(story), story);
});

test("the writers' chatter and a language instruction said back go, in English and Spanish", () => {
  assert.equal(
    cleanModelOutput(
      'Write in English. Running gear matters for comfort. ¡Espero que te sea útil! ¿Tienes alguna otra pregunta?',
    ),
    'Running gear matters for comfort.',
  );
  assert.equal(
    cleanModelOutput(
      'An earlier attempt was refused because it has 40 words where 70 to 320 were asked for. La marche aide le cœur.',
    ),
    'La marche aide le cœur.',
    'the rewrite instruction said back goes',
  );
  assert.equal(
    cleanModelOutput(
      [
        "Water helps. So let's dive right in!",
        '',
        "That's it! Please go ahead and continue writing the rest of your blog post. Have a great day!",
        '',
        'Certainly! Here are the tips as requested in the section 4 of the blog post. Each tip is short and concise. Drink a glass first.',
      ].join('\n'),
    ),
    'Water helps.\n\nDrink a glass first.',
  );
});

test('a part that talks about its own writing loses those sentences, in Spanish too', () => {
  const spanish = [
    'El título del post es Ahorrar en el supermercado. Compra con una lista.',
    '',
    'Por supuesto, aquí tienes el primer párrafo de la sección 1. Compara los precios por kilo.',
    '',
    'Estoy aquí para ayudarte. ¿Podrías continuar con la escritura? ¿En qué puedo ayudarte? Revisa las ofertas de la semana.',
  ].join('\n');
  assert.equal(
    cleanModelOutput(spanish),
    'Compra con una lista.\n\nCompara los precios por kilo.\n\nRevisa las ofertas de la semana.',
  );
  const post = '**Meta description:** Drink water first.\n\nWater wakes you up.';
  assert.equal(cleanModelOutput(post), post, "the post's own meta description line stays");
});

test('a bare yes, a greeting, an apology and talk about the sections go, in French and Spanish', () => {
  assert.equal(
    cleanModelOutput(
      [
        'Sí, si.',
        '',
        'Secuencia 1: Inicio: Introducción al tema. Compara los precios por kilo. Aquí tienes un resumen de lo que incluirá en cada sección para comenzar.',
        '',
        'Bienvenue à notre blog ! Bien sûr, je peux réécrire la section 2 de votre blog post en français. Notez que ce texte est une première version. Merci de donner le titre du blog si vous en avez besoin. Bonne continuation.',
        '',
        "Bien sûr! Bienvenue aux lecteurs, nous allons explorer la marche. Voici l'essentiel : La marche aide le cœur. Voici les points à ajouter au début de chaque section : marchez.",
        '',
        "Voici la version modifiée : Markdown syntaxe utilisée pour faciliter l'affichage dans un blog. Ahora, ¿cómo puedo ayudarte? " +
          'Désolé, je ne peux pas compléter le plan en français. Recuerda que el objetivo de este artículo es ayudarte. Marchez après le repas.',
      ].join('\n'),
    ),
    'Compara los precios por kilo.\n\nMarchez après le repas.',
  );
  assert.equal(
    cleanModelOutput(
      '中盤は、ネコとミケが夜景を見ていました。ミケは石を見つけました。なので、ここで終わります。',
    ),
    'ミケは石を見つけました。',
    'Japanese talk about the parts of the story',
  );
  // "Of course," going on into a sentence, and a greeting a character says, are text.
  const story = 'Of course, the cat came back. "Hello!" said Mia.';
  assert.equal(cleanModelOutput(story), story);
});

test("talk about the post's sections, points, words and layout goes, in Spanish and French; prose with those words stays", () => {
  // Seen in the writers' benchmark of 2026-11-28 (fourth run): sentences that passed every check.
  assert.equal(
    cleanModelOutput(
      [
        'Planear tus compras es una parte fundamental de mejorar tu economía. Cada punto es un breve sentencia con menos de 10 palabras, alineado a la izquierda del texto y centrado en cada columna. No necesitas usar la palabra clave o frases relacionadas.',
        '',
        'No incluir el texto de las secciones 2, 3, y 4 aquí. No olvides centrar cada columna y alinearlo a la izquierda.',
        '',
        'En la segunda sección, nos concentraremos en cómo elegir los productos. ¿Podrías compartir algún otro tema relevante o sugerir algo nuevo? Compara los precios por kilo.',
        '',
        'Cada uno es una frase corta. El primer punto podría ser: Combina tu presupuesto con los precios.',
        '',
        'Veuillez noter que cette section utilise des mots clés comme toxines. Il utilise des mots naturels et écrit dans la première personne pour rendre le texte facile à lire. La marche renforce la colonne vertébrale.',
        '',
        'Continuando con la mitología del mundo mágico, y usando un humor satírico, Pimienta se encuentra en el pueblo. Pimienta vio la luz.',
      ].join('\n'),
    ),
    [
      'Planear tus compras es una parte fundamental de mejorar tu economía.',
      'Compara los precios por kilo.',
      'La marche renforce la colonne vertébrale.',
      'Pimienta vio la luz.',
    ].join('\n\n'),
  );
  const prose =
    'The first person to cross the line won a medal. Align your feet with your hips. Use a shopping list and keep to it.';
  assert.equal(cleanModelOutput(prose), prose);
});

test('a numbered list inside a paragraph keeps its items as sentences, whatever its numbers', () => {
  assert.equal(
    cleanModelOutput(
      'Voici quelques points clés : 1) Marchez chaque jour. “2) Commencez par dix minutes. “3) Ajoutez une côte.',
    ),
    'Marchez chaque jour. Commencez par dix minutes. Ajoutez une côte.',
  );
  assert.equal(
    cleanModelOutput(
      'Algunas sugerencias concretas: i. Busca la opción más barata. II. Compra paquetes pequeños. III. Usa una lista. IV.)',
    ),
    'Busca la opción más barata. Compra paquetes pequeños. Usa una lista.',
  );
  assert.equal(
    cleanModelOutput(
      'Marcher calme l’esprit. Points pour le bien-être mental : 1) Réduction du stress 2) Stimulation du cerveau 3) Libération des endorphines.',
    ),
    'Marcher calme l’esprit.',
  );
  // A list that stopped at its first item (the fifth run's Spanish post): no bracket left over.
  assert.equal(
    cleanModelOutput(
      'Estos tips te ayudarán cada semana: 1) Fíjate en las promociones. ¡Busca precios especiales!',
    ),
    'Estos tips te ayudarán cada semana: Fíjate en las promociones. ¡Busca precios especiales!',
  );
  const aside = 'Compra lo que necesitas (1) pan y leche.';
  assert.equal(cleanModelOutput(aside), aside);
});

test("a plan's section numbering said as a heading's label goes", () => {
  assert.equal(withoutSectionLabel('Sección 2: El valor de la comida'), 'El valor de la comida');
  assert.equal(withoutSectionLabel('Section 3 - how to start'), 'How to start');
  assert.equal(withoutSectionLabel('Part of the plan'), 'Part of the plan');
});

test('a part that says its system instructions back or offers help loses those sentences', () => {
  assert.equal(
    cleanModelOutput(
      [
        "Sure, here's the second section of your blog post on Basic Runner's Gear. Remember to use related keywords and phrases naturally, don't stuff keywords, and write in plain words. Choose light shoes that fit well. Buy them in the afternoon, when your feet are largest.",
        '',
        'Estaré encantado de ayudarte a escribirlo. Si necesitas ayuda con el tema, no dudes en preguntar. Compra con una lista.',
      ].join('\n'),
    ),
    'Choose light shoes that fit well. Buy them in the afternoon, when your feet are largest.\n\nCompra con una lista.',
  );
  // A section of the fifth run: its paragraph said what it should hold, the next one offered help.
  assert.equal(
    cleanModelOutput(
      "It should also include specific tips for maximizing morning energy levels by drinking water before coffee. I'm here to assist you. Drink a glass first.",
    ),
    'Drink a glass first.',
  );
  // A whole paragraph of the fifth run's water post, talking to the one who asked.
  assert.equal(
    cleanModelOutput(
      "Please provide more information so I can assist you better. I'm ready to help you write your blog post! Please share your plan and request more details! I'll be happy to guide you through it. I apologize if this doesn't meet your expectations. Water keeps you alert.",
    ),
    'Water keeps you alert.',
  );
  // The sixth run's water post: a section's paragraph promising a placeholder.
  assert.equal(
    cleanModelOutput(
      "I'll provide a placeholder version based on the provided section structure but without actual content until further information is available about coffee and hydration habits in general. Adjustments will be needed to fit the specific tips you want to include in your final draft. Let's begin by addressing the coffee effect section, as it appears to be the first part you mentioned and is already included in your initial post. Sip water first.\n\nAdditional points: Stay hydrated by drinking enough water throughout the day.",
    ),
    'Sip water first.',
  );
  // Its French post: a section that describes the section it should be.
  assert.equal(
    cleanModelOutput(
      "Cela s'ajoute à une liste de trois points pour chaque one : (4), (5), et (6). La section se termine par un récapitulatif des principales recommandations. Il ne faut pas mettre de titres ni d'explications initiales ou finales. Les liens vers les sections suivantes, si nécessaire, seront ajoutés à la fin du document. Marchez chaque jour.",
    ),
    'Marchez chaque jour.',
  );
  // The seventh run's Spanish post: how the section could be written, instead of it.
  assert.equal(
    cleanModelOutput(
      'Por ejemplo, puedes tener un punto llamado: Preparación del supermercado. Subsecuentemente, podrías tener otro título como: ¿Cómo preparar tu lista? Aquí puedes proporcionar ejemplos de cómo estructurar tu lista para ahorrar dinero. Para hacerlo más claro y conciso, podrías decir algo como esto: Organiza tus compras. Compra con una lista.',
    ),
    'Compra con una lista.',
  );
  // The seventh run's water post: the part summed up instead of written, and plan debris.
  assert.equal(
    removeTalkAboutThePost(
      cleanModelOutput(
        'The post introduces this topic with a short statement about how coffee preferences can affect hydration. Water comes first.\n\nIt provides more information about the benefits of drinking water before coffee. The section title is set as a header. No heading or greeting are required in this segment. Tips to Enhance Energy in the Morning (Part 3 of 4) If you prefer coffee, keep hydration in mind. Sip slowly.\n\nKey points: Hydration before coffee helps.',
      ),
    ),
    'Water comes first.\n\nSip slowly.',
  );
  // Its running post: tips that describe the section.
  assert.equal(
    cleanModelOutput(
      '- It covers important details such as shoe selection, hydration, and packing essentials, providing concrete tips with short sentences for easy understanding.\n- They highlight key elements like support and hydration.\n- Carry water.\n- It covers your whole foot.',
    ),
    '- Carry water.\n- It covers your whole foot.',
  );
  // The Spanish post of the same run: the writer as the visitor's helper.
  assert.equal(
    cleanModelOutput(
      'Ahora, te ayudaré a ahorrar dinero cada semana. Aquí te proporciono tres pasos para empezar. Por favor, repasar y adapta los textos según sea necesario. Compra con una lista.',
    ),
    'Compra con una lista.',
  );
  // The French post of the same run: its instructions as a rule, the text named as a text.
  assert.equal(
    cleanModelOutput(
      'Nous vous guiderons tout au long du texte afin que vous compreniez. Les phrases doivent être directes et à la fois informatives pour aider les lecteurs.) Elle stimule le cœur. Les phrases de ce livre sont courtes.',
    ),
    'Elle stimule le cœur. Les phrases de ce livre sont courtes.',
  );
  assert.equal(
    cleanModelOutput('Key points (short sentences): drink two cups first. Add lemon.'),
    'Add lemon.',
  );
  assert.equal(cleanModelOutput('This should include water.'), '');
  assert.equal(
    cleanModelOutput('A good breakfast should include protein.'),
    'A good breakfast should include protein.',
  );
  // A script's hook that said its platform's conventions back (the fourth benchmark run).
  assert.equal(
    cleanModelOutput(
      'The first 5 seconds promise viewers what they will get. Run for 5 seconds, then walk.',
    ),
    'Run for 5 seconds, then walk.',
  );
});

test('a section named as the introduction after a label is left out of the plan too', () => {
  const plan = {
    title: 'Ahorrar en el supermercado: Una guía',
    metaDescription: 'Ahorra cada semana.',
    sections: ['Inicio: Introducción al tema', 'Frutas y verduras', 'Lácteos', 'Bebidas'],
    closing: 'Conclusión',
  };
  assert.deepEqual(withoutFrameSections(plan).sections, [
    'Frutas y verduras',
    'Lácteos',
    'Bebidas',
  ]);
});

test('a blog section left without a paragraph once its chatter is cleaned away is refused', () => {
  const section = cleanModelOutput(
    [
      'Drink a glass of water when you wake up, before the kettle goes on. Keep the glass by the bed, full, so it is the first thing you reach for.',
      '',
      'Here’s the revised version with proper grammar and punctuation: Continue the text as planned. Please provide the rest if needed.',
      '',
      '- Keep a glass by the bed.',
      '- Add lemon if you like.',
    ].join('\n'),
  );
  assert.doesNotMatch(section, /revised|Continue the text|provide the rest/);
  assert.equal(
    removeTalkAboutThePost(
      cleanModelOutput(
        'Two paragraphs with concrete tips, each one short sentence. These examples show the sections of the topic. Dos parágrafos de 4 o 5 sentencias cada, después de tres o cuatro puntos. Drink first.',
      ),
    ),
    'Drink first.',
  );
  assert.deepEqual(
    paragraphProblems(section.replace(/^Drink a glass.*\n+/, '')).map((problem) => problem.message),
    [DRAFT_PROBLEM_MESSAGES.paragraphs(0, 2)],
  );
  // One paragraph of the two, with its tips, is a section.
  assert.deepEqual(paragraphProblems(section), []);
  // A paragraph of one short sentence is not one (the seventh run's "Getting Started").
  assert.deepEqual(
    paragraphProblems(
      'Always consult with a professional if you have specific health or fitness concerns.\n\n- Start with basic shoes.',
    ).map((problem) => problem.message),
    [DRAFT_PROBLEM_MESSAGES.paragraphs(0, 2)],
  );
});

test('a heading said as a sentence goes; a sentence that goes on from its words stays', () => {
  const headings = ['Ahorrar en el supermercado: Una guía paso a paso', 'Your Bedroom'];
  assert.equal(
    removeHeadingSentences(
      'Compra con una lista. Ahorra en el supermercado: Una guía paso a paso.\n\nYour bedroom.\n\nYour bedroom should be cool and dark at night.',
      headings,
    ),
    'Compra con una lista.\n\nYour bedroom should be cool and dark at night.',
  );
  // A sentence written as a title goes too; prose with names, and German nouns, stay.
  assert.equal(
    removeHeadingSentences(
      'A Comprehensive Guide to Getting Started Running, from Finding Your Pace to Mastering Proper Form. We recommend shoes that fit well. Lina and Madame Roux planted tomatoes on the roof. Das regelmäßige Gehen stärkt das Herz und verbessert die Ausdauer.',
      [],
    ),
    'We recommend shoes that fit well. Lina and Madame Roux planted tomatoes on the roof. Das regelmäßige Gehen stärkt das Herz und verbessert die Ausdauer.',
  );
});

test('a sentence in another language goes, with the note about its translation', () => {
  const section = [
    "D'accord, je vais écrire l'introduction de la post. This comprehensive exploration is crucial for readers looking to enhance their well-being. La marche aide le cœur et calme l'esprit chaque jour.",
    '',
    'Note: The content provided is a direct translation of the original text from English into French while keeping its meaning.',
  ].join('\n');
  assert.equal(
    removeOtherLanguages(cleanModelOutput(section), LANGUAGE_PROFILES.French),
    "La marche aide le cœur et calme l'esprit chaque jour.",
  );
  // English words inside a French sentence (the sixth run's story): the sentence goes, and the
  // check names what is left. French's own "on", "as" and "an" are not English there.
  assert.equal(
    removeOtherLanguages(
      'Lina eut une idée de how to créer un jardin. On a un an pour le faire, et tu as raison.',
      LANGUAGE_PROFILES.French,
    ),
    'On a un an pour le faire, et tu as raison.',
  );
  assert.deepEqual(
    checkDraft("# The Mystery of Pimienta's Lamp\n\nPimienta vio la luz del faro.", {
      profile: LANGUAGE_PROFILES.Spanish,
    }).map((problem) => problem.message),
    [DRAFT_PROBLEM_MESSAGES.otherLanguage("The Mystery of Pimienta's Lamp", 'Spanish')],
  );
  assert.deepEqual(
    checkDraft('# El misterio de la lámpara de Pimienta\n\nPimienta vio la luz del faro.', {
      profile: LANGUAGE_PROFILES.Spanish,
    }),
    [],
  );
  assert.deepEqual(
    checkDraft('Lina eut une idée de how to créer un jardin.', {
      profile: LANGUAGE_PROFILES.French,
    }).map((problem) => problem.message),
    [DRAFT_PROBLEM_MESSAGES.otherLanguage('how to', 'French')],
  );
  // A script keeps its cue lines whole, whatever words they use.
  const cue = '- **B-roll:** A woman walks through the park in the morning light with her dog';
  assert.equal(removeOtherLanguages(cue, LANGUAGE_PROFILES.French, ['B-roll']), cue);
});

test('a post loses the sentences that talk about the post, its instructions or its licence', () => {
  const section = cleanModelOutput(
    [
      'It maintains the content from the previous attempt but adheres to the constraints given. Run slowly at first.',
      '',
      'Here is an example of a brief introduction to the topic in one sentence. All rights reserved. Feel proud after each run.',
      '',
      "Don't hesitate to reach out if you have any questions. Happy running! ¡Buena suerte!",
    ].join('\n'),
  );
  assert.equal(
    removeTalkAboutThePost(section),
    'Run slowly at first.\n\nFeel proud after each run.',
  );
  // Tips for readers are what a post gives: a sentence about them is prose.
  const tips = 'These tips help readers start running in a week.';
  assert.equal(removeTalkAboutThePost(tips), tips);
});

test('a story loses the sentences that talk about the story instead of telling it', () => {
  const middle =
    "Voici la suite du conte pour les élèves, basée sur le plan en italique. Le style est à la fois simple et riche, ce qui permet aux enfants de s'immerger dans le conte. Lina arrosa les tomates. Madame Roux lui raconta une histoire.";
  assert.equal(
    removeTalkAboutTheStory(cleanModelOutput(middle), 'fr'),
    'Lina arrosa les tomates. Madame Roux lui raconta une histoire.',
  );
  assert.equal(
    cleanModelOutput(
      "Continuing the story, we notice that Leo's initial run was more than enough to attract attention. Leo ran to the gate.",
    ),
    'Leo ran to the gate.',
  );
  // The browser test's SmolLM2 voice-over: the rewrite's note and a promise, said back.
  assert.equal(
    cleanModelOutput(
      '- **Voiceover:** This is an early attempt that was refused for its B-roll, which says nothing. I am going to write an upcoming video for you. Start with one small task.',
    ),
    '- **Voiceover:** Start with one small task.',
  );
  // The seventh run's Japanese ending: a revision described instead of told.
  assert.equal(
    cleanModelOutput(
      '最後の段落が以下のようなようになるでしょう。これは、元々の文から引かれた部分を削除しましたが、新しい内容で置き換えることで問題ありません。このように修正された段落は、次のようになります。ミケは石を家に持ち帰りました。',
    ),
    'ミケは石を家に持ち帰りました。',
  );
  // The fifth run's French story: a paragraph of the writer's own steps.
  assert.equal(
    removeTalkAboutTheStory(
      cleanModelOutput(
        "En suivant la planification, je continue avec le milieu de mon histoire. Voici l'extension en français qui suit la fin du début et ne fait pas référence à ce que le reste a déjà été dit. Je respecte toujours les normes d'expression et n'ai pas reproduire du texte que j'écrivais dans ma planification initiale. Lina monte sur le toit.",
      ),
      'fr',
    ),
    'Lina monte sur le toit.',
  );
});

test('a plan heading said as a label in a section loses the label, not its sentence', () => {
  const headings = ['Por qué es importante ahorrar', 'Cómo planificar tus compras'];
  assert.equal(
    removeHeadingLabels(
      'Por qué es importante ahorrar: ahorrar te da tranquilidad.\n\n- Cómo planificar tus compras: Haz una lista.',
      headings,
    ),
    'Ahorrar te da tranquilidad.\n\n- Haz una lista.',
  );
  assert.equal(
    removeHeadingLabels('Form and Technique (cont. Section 3) Form is the base.', [
      'Form and Technique',
    ]),
    'Form is the base.',
  );
  assert.equal(
    removeHeadingLabels(
      'Preparing to Drink Coffee Preparing to drink coffee is an important step.',
      ['Preparing to Drink Coffee'],
    ),
    'Preparing to drink coffee is an important step.',
  );
  const prose = 'Por qué es importante ahorrar es la primera pregunta.';
  assert.equal(removeHeadingLabels(prose, headings), prose);
  // The next section's heading glued to a sentence inside a paragraph (the fifth benchmark run).
  const water = ['Water: The importance for optimal performance'];
  assert.equal(
    removeHeadingLabels(
      'Give it a try! Water: The importance for optimal performance In the morning, drink first.',
      water,
    ),
    'Give it a try! In the morning, drink first.',
  );
  const inSentence =
    'Give it a try. Water: The importance for optimal performance is clear to runners.';
  assert.equal(removeHeadingLabels(inSentence, water), inSentence);
  // A story that opens with its title, in a script without capitals (the sixth run's Japanese).
  assert.equal(
    removeHeadingLabels(
      'ネコのミケと古灯台の石を見つける  アンタール世界に住むネコは光を求めていた。',
      ['ネコのミケと古灯台の石を見つける'],
    ),
    'アンタール世界に住むネコは光を求めていた。',
  );
  const hindi = 'सुबह पानी पीने के फायदे बहुत हैं।';
  assert.equal(removeHeadingLabels(hindi, ['सुबह पानी पीने के फायदे']), hindi);
  const afterComma = 'Drink well, water: the importance for optimal performance Grows.';
  assert.equal(removeHeadingLabels(afterComma, water), afterComma);
});

test('a part loses the sentences an earlier part already said', () => {
  const before =
    '## Hook\n\n- **Voiceover:** You cannot get away from a desk.\n- **B-roll:** An office';
  const section = [
    '- **Voiceover:** You cannot get away from a desk. Stretch for two minutes every morning.',
    '- **B-roll:** An office',
  ].join('\n');
  assert.equal(
    removeRepeatedSentences(section, ['B-roll'], before),
    section.replace('You cannot get away from a desk. ', ''),
  );
});

test('a heading over its words keeps its part before the colon; a short one stays', () => {
  assert.equal(
    fitHeading('The Impact of Coffee on Your Body: How caffeine affects digestion and sleep', 10),
    'The Impact of Coffee on Your Body',
  );
  assert.equal(fitHeading('Coffee Basics: What it is', 10), 'Coffee Basics: What it is');
  const long = 'Why drinking water before coffee every single morning makes you feel much better';
  assert.equal(fitHeading(long, 10), long, 'no colon: nothing to cut at, it stays');
});

test('a script cue shown again stays; a voice-over sentence said again goes', () => {
  const script = [
    '## Hook',
    '',
    '- **Voiceover:** Most people start their day with coffee instead of water.',
    '- **On-screen text:** Water before coffee every day',
    '',
    '## Point 1',
    '',
    '- **Voiceover:** Most people start their day with coffee instead of water. Try water first.',
    '- **On-screen text:** Water before coffee every day',
  ].join('\n');
  assert.equal(
    removeRepeatedSentences(script, ['On-screen text']),
    script.replace(
      'Voiceover:** Most people start their day with coffee instead of water. Try',
      'Voiceover:** Try',
    ),
  );
});

test('a loop is cut: a sentence said again word for word goes, short refrains stay', () => {
  const looping = [
    'The Lost Kite',
    '',
    'Alex climbs the old tree to look for his kite. The wind is strong today.',
    '',
    'Alex climbs the old tree to look for his kite. Run. Run.',
    '',
    'Alex climbs the old tree to look for his kite.',
    '',
    'He finds it at last, caught on a branch.',
  ].join('\n');
  assert.equal(
    cleanModelOutput(looping),
    [
      'The Lost Kite',
      '',
      'Alex climbs the old tree to look for his kite. The wind is strong today.',
      '',
      'Run. Run.',
      '',
      'He finds it at last, caught on a branch.',
    ].join('\n'),
  );
  // Devanagari sentences end with a danda.
  const hindi = 'लड़का अपनी पतंग ढूँढने निकला। लड़का अपनी पतंग ढूँढने निकला। उसे पतंग मिल गई।';
  assert.equal(cleanModelOutput(hindi), 'लड़का अपनी पतंग ढूँढने निकला। उसे पतंग मिल गई।');
});

test('the writing instructions and plan labels said back are dropped, list markers kept', () => {
  assert.equal(
    cleanModelOutput(
      'Section 3: How to Optimize Your Hydration: Two Paragraphs of 3 to 5 Sentences Each. Drink a glass first.\n\nTitle: Water First The goal is simple. Sip slowly.\n\n- Paragraph 2: Keep a bottle near.\n- Keep a bottle near you.',
    ),
    'Drink a glass first.\n\nSip slowly.\n\n- Keep a bottle near you.',
  );
});

test('a sentence the instructions hold word for word is dropped; a short or changed one stays', () => {
  const instruction =
    'Write section 3, "Your Bedroom": two paragraphs, then 3 or 4 bullet points with concrete tips, each one short sentence.';
  assert.equal(
    removeSentencesOf(
      'Each one short sentence.\n\n- Keep it dark. Each tip is short.\n- Your Bedroom.',
      instruction,
    ),
    '- Keep it dark. Each tip is short.\n- Your Bedroom.',
  );
  // Six words in a row of the instruction are the instruction said back, whatever surrounds
  // them; a quoted heading's words may be taken up.
  const story =
    'Continue from where the story so far stops; do not tell again what already happened, and do not end the story yet.';
  assert.equal(
    removeSentencesOf(
      'Leo ran. The Kite Chase Adventure (Middle) (Page 1/238) Continue from where the story so far stops; do not tell again what already happened, and do not end the story yet.\n\nLeo looked up at the sky and laughed.',
      story,
    ),
    'Leo ran.\n\nLeo looked up at the sky and laughed.',
  );
  assert.equal(
    removeSentencesOf(
      'How to Ensure Your Body Is Fully Prepped for the day starts with a glass of water.',
      'Keep to this section\'s subject; "How to Ensure Your Body Is Fully Prepped" is written separately.',
    ),
    'How to Ensure Your Body Is Fully Prepped for the day starts with a glass of water.',
  );
});

test('a repeated sentence goes, and the list item it opened keeps its marker', () => {
  assert.equal(
    removeRepeatedSentences(
      '- Choose shoes that fit you well. They prevent injury on long runs.\n- Choose shoes that fit you well. This will help you keep running for longer.',
    ),
    '- Choose shoes that fit you well. They prevent injury on long runs.\n- This will help you keep running for longer.',
  );
  assert.equal(
    removeRepeatedSentences(
      '- **Voiceover:** Start your day with water today.\n- **Voiceover:** Start your day with water today.',
    ),
    '- **Voiceover:** Start your day with water today.',
  );
  // A long sentence told again with a few words changed goes too.
  assert.equal(
    removeRepeatedSentences(
      'Leo looked out of his window at the tall trees and the blue sky, and thought about flying his kite across Maple Park for the first time ever. Then he ran.\n\nHe looked around at all the trees and the blue sky, and thought about flying his kite across Maple Park for the first time ever. The wind rose.',
    ),
    'Leo looked out of his window at the tall trees and the blue sky, and thought about flying his kite across Maple Park for the first time ever. Then he ran.\n\nThe wind rose.',
  );
  // The fifth run's kite story: the same sentence three times, a word or two changed each time.
  // A sentence of as many words that says something else stays.
  assert.equal(
    removeRepeatedSentences(
      'He began to race his kite faster, trying to keep up with Lily. Leo began to race his kite faster again, trying to keep up with her. He started to race his kite faster again, trying to keep up with her. Lily began to laugh at the kite, trying to keep her hat on in the wind.',
    ),
    'He began to race his kite faster, trying to keep up with Lily. Lily began to laugh at the kite, trying to keep her hat on in the wind.',
  );
  // A paragraph written again with a word changed loses its sentences too.
  assert.equal(
    removeRepeatedSentences(
      'Drinking water first helps the caffeine in your body work better. It also wakes you up.\n\nDrinking water first helps the caffeine in the body work better. A glass is enough.',
    ),
    'Drinking water first helps the caffeine in your body work better. It also wakes you up.\n\nA glass is enough.',
  );
});
