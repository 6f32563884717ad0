import { PRIVACY_FACTS } from '@ai-tools/contracts';
import { SITE_CONFIG } from './site-config.ts';

/**
 * The Privacy Policy's text (docs/product.md section 2: title, dates, intro and 11 numbered
 * sections). Every statement here must stay true of what the server does: change the text when the
 * behaviour changes.
 */
export interface PrivacyTable {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface PrivacySection {
  number: number;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  table?: PrivacyTable;
  /** The operator's contact details follow the paragraphs (they are configuration, not text). */
  contactDetails?: boolean;
}

export interface PrivacyPolicy {
  title: string;
  effectiveDate: string;
  lastUpdated: string;
  intro: string;
  sections: readonly PrivacySection[];
}

export const PRIVACY_POLICY: PrivacyPolicy = {
  title: 'Privacy Policy',
  effectiveDate: PRIVACY_FACTS.effectiveDate,
  lastUpdated: PRIVACY_FACTS.lastUpdated,
  intro:
    'This policy explains what information our free AI tools handle when you use this website, why, ' +
    'how long it is kept and the choices you have. We collect as little as we can: the tools work ' +
    'without an account, and the content you create is not stored on our servers.',
  sections: [
    {
      number: 1,
      title: 'Who we are',
      paragraphs: [
        `${SITE_CONFIG.name} is a website that offers free AI tools for content creation: text to speech, ` +
          'speech to text, and video script, blog and story generators. The operator of this website ' +
          'is responsible for the information described here. Section 11 says how to reach us.',
      ],
    },
    {
      number: 2,
      title: 'Data collected',
      paragraphs: ['We handle only the following:'],
      items: [
        'What you enter into a tool: the text, options and topics you submit, and the audio files you upload for transcription.',
        'What you send through the contact form: your name, e-mail address, subject and message.',
        'Technical data your browser sends with every request, such as your IP address. We use it only as described in section 4.',
        'Your light or dark mode choice, saved in your own browser (local storage), never sent to us.',
        'What you type and choose in a tool, kept in your own browser (session storage) so that leaving the page and coming back does not lose it. It is sent to us only when you ask for a result, and your browser deletes it when you close the tab.',
        'We do not use advertising or tracking cookies, and the site has no accounts, so we hold no passwords or profiles.',
      ],
    },
    {
      number: 3,
      title: 'User-generated content',
      paragraphs: [
        'Text you submit, audio you upload and the results the AI generates belong to you. They are ' +
          'processed in memory and in temporary files only to produce your result, and are deleted as ' +
          'soon as the result has been sent back to your browser.',
        'We do not keep a copy of your generated text or audio, and we do not use your content to train ' +
          'AI models. If you want to keep a result, copy or download it.',
      ],
    },
    {
      number: 4,
      title: 'Use of data',
      paragraphs: ['We use the data above only to:'],
      items: [
        'run the tool you asked for and send you its result;',
        'read and answer the messages you send through the contact form;',
        'protect the service: your IP address is used for rate limiting and abuse detection, by counting requests per minute. Only these counters are kept, and they expire within minutes;',
        'keep the service secure and working.',
      ],
    },
    {
      number: 5,
      title: 'Third-party services',
      paragraphs: [
        'By default the AI runs on this website’s own server, so your content is not sent to any AI ' +
          'company. The services below are involved only in the cases stated.',
      ],
      table: {
        caption: 'Third-party services and when they receive data',
        columns: ['Service', 'Purpose', 'Data shared', 'When'],
        rows: [
          [
            'OpenAI-compatible AI provider',
            'Generating text, speech or transcripts',
            'The text, options or audio of your request',
            'Only if the operator configures it instead of the built-in AI',
          ],
          [
            'E-mail delivery provider',
            'Forwarding contact messages to our support inbox',
            'Your name, e-mail address, subject and message',
            'Only if the operator configures it',
          ],
          [
            'Vimeo',
            'Playing the demo video',
            'Your IP address and browser data, under Vimeo’s own policy',
            'Only if a demo video is set up and you choose to play it',
          ],
          [
            'Analytics provider',
            'Counting visits to improve the site',
            'Pages visited and browser data',
            `None today; only if the operator adds one (retained per the provider’s defaults, ${PRIVACY_FACTS.analyticsRetentionMonths} months)`,
          ],
        ],
      },
    },
    {
      number: 6,
      title: 'Retention',
      paragraphs: [
        `Uploads and generated audio are kept at most ${PRIVACY_FACTS.uploadRetentionDaysAtMost} days, and we plan to cut this to ${PRIVACY_FACTS.plannedUploadRetentionHours} hours. In ` +
          'practice we already do better: today they are deleted right after processing, as soon as ' +
          'your result is sent.',
        'Contact messages are kept for as long as we need them to answer you and follow up on your ' +
          'request, then deleted. Rate-limit counters expire within minutes. If the operator adds an ' +
          `analytics service, its data is retained per the provider’s defaults (${PRIVACY_FACTS.analyticsRetentionMonths} months).`,
      ],
    },
    {
      number: 7,
      title: 'Security',
      paragraphs: [
        'The site is served with security headers and a strict Content-Security-Policy, uploads are ' +
          'size-limited and deleted after use, and access to stored contact messages is limited to the ' +
          'people who answer them. No method of sending or storing data is perfectly secure, but we take ' +
          'reasonable measures to protect it.',
      ],
    },
    {
      number: 8,
      title: 'User rights',
      paragraphs: [
        'Depending on where you live, you may have the right to access, correct or delete the personal ' +
          'data we hold about you, to object to its use and to complain to your data protection ' +
          'authority. Since the only personal data we store is what you send through the contact form, ' +
          'write to us (section 11) and we will act on your request.',
      ],
    },
    {
      number: 9,
      title: 'Children’s privacy',
      paragraphs: [
        `You must be ${PRIVACY_FACTS.minimumAge} or older to use this website. We do not knowingly collect personal data from ` +
          `children under ${PRIVACY_FACTS.minimumAge}. If you believe a child has sent us personal data, contact us and we will ` +
          'delete it.',
      ],
    },
    {
      number: 10,
      title: 'Policy changes',
      paragraphs: [
        'We may update this policy when the service changes. The new version is published on this page ' +
          'with a new last-updated date, and it applies from that date.',
      ],
    },
    {
      number: 11,
      title: 'Contact',
      paragraphs: [
        'Questions about this policy or your data? Write to us through the contact form on this ' +
          'website, or use the details below.',
      ],
      contactDetails: true,
    },
  ],
};
