/** The voice-over reads a script's spoken lines only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { speechExcerpt, spokenScript } from '../src/voice-over.ts';

test('the Voiceover lines of the writer’s format, each a sentence, without headings, cues or markdown', () => {
  const script = [
    '# Five-minute focus',
    '',
    '## Hook (0:00-0:03)',
    '',
    '- **Voiceover:** Can you really focus in *five* minutes?',
    '- **On-screen text:** 5 MINUTES',
    '- **B-roll:** A timer starts on a desk',
    '',
    '## Call to action (0:50-1:00)',
    '',
    '- **Voiceover:** Try it today, and [subscribe](https://example.com) for more',
    '- **On-screen text:** Subscribe!',
    '- **B-roll:** Close-up of a smiling face',
  ].join('\n');
  assert.equal(
    spokenScript(script),
    'Can you really focus in five minutes?\n\nTry it today, and subscribe for more.',
  );
});

test('other ways of labelling the spoken words: Voice-over, VO and Narrator', () => {
  const script = [
    '**Scene 1**',
    'VO: "Morning routines change lives."',
    '[Cut to a sunrise]',
    'Voice-over: Here is how.',
    'Narrator: Start small.',
  ].join('\n');
  assert.equal(
    spokenScript(script),
    'Morning routines change lives.\n\nHere is how.\n\nStart small.',
  );
});

test('a script without labels is read whole, less headings and stage directions', () => {
  const script = [
    '# My video',
    '## Intro',
    'Welcome back to the channel.',
    '(smiles at the camera)',
    'On-screen text: WELCOME',
    'Today we bake bread.',
  ].join('\n');
  assert.equal(spokenScript(script), 'Welcome back to the channel.\n\nToday we bake bread.');
});

test('a text over the speech limit is cut after its last whole sentence', () => {
  const text = 'One sentence here. Another sentence there. And a third that is too long to fit.';
  assert.equal(speechExcerpt(text, 50), 'One sentence here. Another sentence there.');
  assert.equal(speechExcerpt(text, 500), text);
  assert.equal(speechExcerpt('word '.repeat(40), 23), 'word word word word');
});
