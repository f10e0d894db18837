import type { AudienceBody } from '../../content-types';

export const teachers: AudienceBody = {
  hero: {
    headline: 'Record lessons your students can watch again',
    subheadline:
      'Put your slides, a worksheet or a website on screen, add your face in the corner, and press Start. No account for you, no app for your school to approve, and nothing uploaded.',
  },
  benefits: [
    {
      icon: 'school',
      title: 'Works on school computers',
      description: 'It runs in Chrome, Edge or Firefox, so there is nothing to install and no administrator to ask.',
    },
    {
      icon: 'camera',
      title: 'Your face keeps attention',
      description: 'A webcam bubble in any of 9 positions keeps you present without covering the board.',
    },
    {
      icon: 'lock',
      title: 'Student privacy',
      description: 'Recordings stay on your computer until you choose where to share them, such as your learning platform.',
    },
    {
      icon: 'offline',
      title: 'Bad Wi-Fi is fine',
      description: 'Install the app once and it records with no connection at all.',
    },
  ],
  useCaseDescription:
    'Teachers use Framecast for flipped-classroom lessons, homework walkthroughs, feedback on student work and catch-up videos for absent pupils. Record a short explanation at your desk, download the WebM file and upload it to the platform your school already uses, such as Google Classroom, Moodle or Teams.',
  targetAudience: 'Teachers, lecturers and tutors who want to record lessons and feedback without new accounts or software.',
  commonTasks: [
    'Record a slide lesson with your webcam in the corner',
    'Walk through a worked example on a document or whiteboard app',
    'Give spoken feedback on a student’s essay or project',
    'Record a catch-up video for students who missed a class',
    'Demonstrate how to use a website or tool step by step',
    'Record a short welcome video for a new course',
  ],
  faqItems: [
    {
      question: 'Can students watch the videos on any device?',
      answer:
        'The WebM files play in Chrome, Edge and Firefox on any computer, on Android, and in VLC. Most learning platforms accept WebM uploads; if yours needs MP4, use Export as MP4 in your recordings first.',
    },
    {
      question: 'How long can a lesson recording be?',
      answer:
        'There are no plan limits. A single recording stops automatically after 3 hours to protect your disk, which is longer than any lesson.',
    },
    {
      question: 'Do my students need an account?',
      answer: 'No one needs an account. You share the file the way you share any other file with your class.',
    },
  ],
};
