import type { TextPageContent } from './page-model';

/** /about: mission, offer, the story, the promise (seed section 2). */
export const ABOUT: TextPageContent = {
  eyebrow: 'About',
  title: 'About Quire',
  lead: 'Reports are how most software talks to the people who pay for it: invoices, statements, certificates, summaries. Quire makes them easy to design and reliable to generate.',
  sections: [
    {
      heading: 'Our mission',
      blocks: [
        {
          kind: 'p',
          text: 'To let anyone who can describe a report have one: developers through an API they can trust, vibe coders and no-code builders through an editor and an AI that does the fiddly parts, and AI agents through the Model Context Protocol.',
        },
      ],
    },
    {
      heading: 'What we offer',
      blocks: [
        {
          kind: 'cards',
          cards: [
            {
              title: 'Templates in HTML and Liquid',
              body: 'The web’s own language for layout, with variables, loops and report filters. No proprietary designer file to get locked into.',
            },
            {
              title: 'An AI that checks its work',
              body: 'Templates written from a sentence and refined by conversation, rendered with sample and edge-case data before you see them.',
            },
            {
              title: 'One API, three formats',
              body: 'PDF, standalone HTML and email from the same JSON, synchronously or as jobs, with webhooks when they are done.',
            },
            {
              title: 'Open and self-hostable',
              body: 'MIT licensed. Run it on one machine with nothing else to install, or behind a load balancer on MongoDB.',
            },
          ],
        },
      ],
    },
    {
      heading: 'Our story',
      blocks: [
        {
          kind: 'p',
          text: 'Quire started with a familiar chore: every product we built needed an invoice, a statement or a certificate, and every time the choice was between hand-written PDF drawing code, a headless browser that was slow and hungry, or a hosted service that kept the templates hostage.',
        },
        {
          kind: 'p',
          text: 'So we built what we wanted: templates anyone can read, a layout engine fast enough to render on every request, an editor our non-developer colleagues could use without breaking anything, and an AI that writes the first draft and then proves it renders. Then we opened it up, so that nobody else has to build it again.',
        },
      ],
    },
    {
      heading: 'Our promise',
      blocks: [
        {
          kind: 'list',
          items: [
            'Your templates are plain HTML and CSS: you can always take them with you.',
            'Every feature of the hosted service is in the open source code.',
            'Errors tell you what went wrong and what to do next.',
            'We never train AI models on your templates or data.',
          ],
        },
      ],
    },
  ],
  cta: { label: 'Get Started', to: '/register' },
};
