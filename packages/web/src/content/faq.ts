/**
 * The FAQ page's five items (docs/product.md section 2): five distinct questions, each with the
 * answer it asks for. No question repeats another item's answer or names another product.
 */
export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 1,
    question: 'Are the AI tools really free?',
    answer:
      'Yes. Every tool on this site is free to use, with no subscription and no usage plan to buy. ' +
      'To keep the service fair for everyone, each visitor can send a limited number of requests per ' +
      'minute; if you reach it, wait a moment and try again.',
  },
  {
    id: 2,
    question: 'Do I need to sign up or create an account?',
    answer:
      'No. There is no sign-up, no log-in and no account. Open a tool, enter your text or upload ' +
      'your audio, and get your result straight away.',
  },
  {
    id: 3,
    question: 'Do I need to know anything about AI to use them?',
    answer:
      'Not at all. Each tool asks only for what it needs: a topic, a few choices from lists, a text ' +
      'or an audio file. The AI does the rest, and you can copy or download the result.',
  },
  {
    id: 4,
    question: 'Will new tools and features be added?',
    answer:
      'Yes. We keep adding new free features and improving the existing tools. They stay free, and ' +
      'you will find them on the AI Tools page as soon as they are ready.',
  },
  {
    id: 5,
    question: 'Do you store my text, audio or generated content?',
    answer:
      'No. Your text and uploaded audio are processed to create your result and deleted as soon as ' +
      'the result is sent back to you. We do not keep your generated content: copy or download it ' +
      'if you want to keep it. Only messages you send us through the contact form are stored, so we ' +
      'can answer them.',
  },
];
