/**
 * The privacy policy. It describes what the app really does: no uploads at all
 * (docs/decisions/0003-nothing-is-uploaded.md), no analytics and no cookies, storage only in the
 * visitor's own browser.
 */
import type { LegalDocument } from './legal-types';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  intro:
    'Framecast records your screen, camera and microphone inside your browser. This policy explains what that means for your data: in short, your recordings stay on your device and we do not collect information about you.',
  lastUpdated: 'January 2024',
  cards: [
    {
      title: 'No uploads',
      text: 'Recordings are captured, encoded and stored on your computer. They are never sent to us or to anyone else.',
    },
    {
      title: 'No account',
      text: 'You do not sign up or sign in, so we hold no name, email address or password for you.',
    },
    {
      title: 'No tracking',
      text: 'The app loads no analytics, advertising or social-media scripts and sets no cookies.',
    },
  ],
  sections: [
    {
      title: 'What stays on your device',
      items: [
        'Your recordings, stored in your browser (IndexedDB) while you record and until you delete them.',
        'Files you download, saved wherever your browser saves downloads.',
        'Your settings and your colour-scheme choice, stored in your browser (localStorage).',
        'The app itself, cached by a service worker so that it works offline.',
      ],
    },
    {
      title: 'Camera, microphone and screen',
      items: [
        'The browser asks for your permission before the app can use your camera, microphone or screen.',
        'Media is used only to show a preview and make the recording you asked for.',
        'You can withdraw a permission at any time in your browser’s site settings.',
      ],
    },
    {
      title: 'Rooms with guests',
      items: [
        'Audio and video in a room travel directly between participants’ browsers (peer to peer, encrypted by WebRTC).',
        'A site that runs the app with a media server (which lets rooms hold up to 30 people) sends every room’s audio and video through it instead. It is encrypted on the way to the media server and on the way from it; the server decrypts it only to forward it to the others in the room, and never stores it. The room says which kind it is once you are in (“Direct peer-to-peer” or “Through the Framecast media server”). A Separate recording’s files still go directly between the browsers, never through the media server.',
        'To meet, browsers go through the app’s signaling server. It sees the room id, the names people enter, and connection metadata (network addresses, and the technical details browsers exchange to connect). It never receives audio or video, and keeps a room only while someone is in it.',
        'Browsers may ask STUN servers for their public address, and where the network needs it media is relayed by a TURN server, still encrypted. These servers see the IP addresses involved, never the content.',
        'A room that connects tabs of one browser only (when no signaling server answers) uses no server at all: not even STUN.',
        'Only the host can record a room, and everyone in the room sees when a recording is running.',
        'In a Separate recording each participant’s own recording is stored in their browser, and a copy is sent to the host over the room’s encrypted WebRTC connection: directly between the two browsers, or through a TURN relay where the network needs one, still encrypted. No server stores it, and it never passes through the signaling server.',
        'Record other people only with their consent.',
      ],
    },
    {
      title: 'What we do not do',
      items: [
        'We do not collect analytics, usage statistics or crash reports.',
        'We do not use cookies, advertising identifiers or fingerprinting.',
        'We do not sell, rent or share personal data, because we do not collect it.',
        'Cloud storage settings are kept for a future version; in this version nothing is uploaded, whatever they say.',
      ],
    },
    {
      title: 'Your choices',
      items: [
        'Delete recordings from the app whenever you like, or clear this site’s data in your browser to remove everything at once.',
        'Reset or export your settings from the Settings page.',
        'Uninstall the app like any other installed web app.',
      ],
    },
    {
      title: 'Children',
      items: ['Framecast is not directed at children under 13, and we do not knowingly receive data from anyone.'],
    },
    {
      title: 'Changes to this policy',
      items: ['If we change how the app handles data, we will update this page and its date before the change takes effect.'],
    },
  ],
  contact: {
    title: 'Questions about privacy?',
    withAddress: 'Write to us and we will answer.',
    withoutAddress:
      'There is no account and nothing about you on our side to look up or delete: everything this policy describes stays in your browser. The Help Center explains where recordings are stored and how to remove them.',
  },
};
