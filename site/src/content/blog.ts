/** /blog: nothing published yet (seed section 2). */
export const BLOG = {
  title: 'Blog',
  heading: 'Blog Coming Soon',
  body: 'Guides to report templates, the AI behind them and the engine that draws them are on their way. Until then, the API reference and the template builder are the best places to start.',
  links: [
    { label: 'Read the API reference', href: '/docs', kind: 'service' },
    { label: 'Try Template Builder', href: '/templates/new', kind: 'page' },
  ],
} as const;
