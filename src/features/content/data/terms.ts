/**
 * The terms of service. The governing-jurisdiction clause is omitted
 * (docs/decisions/0002-legal-pages.md).
 */
import type { LegalDocument } from './legal-types';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  intro:
    'These terms apply when you use Framecast, the free in-browser screen and webcam recorder. By using it you agree to them. They are short, because the app runs on your own device and we hold nothing of yours.',
  lastUpdated: 'January 2024',
  cards: [
    {
      title: 'Your recordings are yours',
      text: 'You own everything you record. We claim no rights to it and never receive a copy.',
    },
    {
      title: 'Ask before you record others',
      text: 'Recording people without their consent can be against the law. Tell them and get their agreement first.',
    },
    {
      title: 'Free, as is',
      text: 'Framecast costs nothing and comes without warranty. Keep copies of recordings that matter to you.',
    },
  ],
  sections: [
    {
      title: 'Who may use Framecast',
      items: [
        'You must be at least 13 years old to use Framecast.',
        'If you use it for an organisation, you confirm that you may accept these terms for it.',
      ],
    },
    {
      title: 'Your content',
      items: [
        'You keep all rights to what you record. Framecast processes it only on your device, to make the file you asked for.',
        'You are responsible for what you record and share, and for having the right to record it.',
        'Respect copyright: recording films, paid courses or other protected material may need the owner’s permission.',
      ],
    },
    {
      title: 'Recording other people',
      items: [
        'Get the consent of everyone you record, in meetings, calls, rooms and interviews. The laws on recording differ between places; some require everyone’s consent.',
        'In a room, the host decides who joins and whether the room is recorded.',
      ],
    },
    {
      title: 'Acceptable use',
      items: [
        'Do not use Framecast to break the law, to harass anyone, or to record people secretly.',
        'Do not try to disrupt the service or other people’s use of it.',
      ],
    },
    {
      title: 'The service',
      items: [
        'Framecast is provided as is and as available, without warranties of any kind, to the extent the law allows.',
        'Recording depends on your browser, your device and its free space. Keep your own copies of important recordings.',
        'We may change or improve features. When we change these terms, we will update this page and its date.',
      ],
    },
    {
      title: 'Limitation of liability',
      items: [
        'To the extent the law allows, we are not liable for lost recordings, lost data or indirect damages arising from your use of Framecast.',
        'Nothing in these terms limits rights you have under laws that cannot be waived.',
      ],
    },
  ],
  contact: {
    title: 'Questions about these terms?',
    withAddress: 'Write to us.',
    withoutAddress:
      'The Help Center answers common questions about using Framecast, from permissions and audio to file formats and storage, with step-by-step guides.',
  },
};
