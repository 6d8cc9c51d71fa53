/**
 * The header's and footer's links (seed section 2). Section links go to the landing page with the section to
 * scroll to in the navigation state (`scrollTo`), as the seed describes.
 */
export type LandingSection = 'features' | 'pricing' | 'faq';

export interface SectionLink {
  kind: 'section';
  label: string;
  section: LandingSection;
}
export interface PageLink {
  kind: 'page';
  label: string;
  to: string;
}
/** A link the service answers itself (not a route of the app), such as the API reference. */
export interface ServiceLink {
  kind: 'service';
  label: string;
  href: string;
}
export interface ExternalLink {
  kind: 'external';
  label: string;
  href: string;
}
export type NavLink = SectionLink | PageLink | ServiceLink | ExternalLink;

export const PRODUCT_NAME = 'Quire';
export const BETA_TAG = 'beta';

export const HEADER_LINKS: readonly NavLink[] = [
  { kind: 'section', label: 'Features', section: 'features' },
  { kind: 'section', label: 'Pricing', section: 'pricing' },
  { kind: 'page', label: 'MCP', to: '/mcp' },
  { kind: 'section', label: 'FAQ', section: 'faq' },
];

export const SIGN_IN = { label: 'Sign in', to: '/login' } as const;
/** The header's register button; on /developer it reads "Vibe Coders" (seed section 2). */
export const REGISTER = { label: 'Get Started', developerLabel: 'Vibe Coders', to: '/register' } as const;

export const FOOTER_TAGLINE =
  'AI report generation for developers and vibe coders: templates in HTML and Liquid, reports as PDF, HTML or email.';

export const FOOTER_GROUPS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Product',
    links: [
      { kind: 'section', label: 'Features', section: 'features' },
      { kind: 'section', label: 'Pricing', section: 'pricing' },
      { kind: 'service', label: 'API Docs', href: '/docs' },
    ],
  },
  {
    title: 'Company',
    links: [
      { kind: 'page', label: 'About', to: '/about' },
      { kind: 'page', label: 'Blog', to: '/blog' },
      { kind: 'page', label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { kind: 'page', label: 'Privacy', to: '/privacy' },
      { kind: 'page', label: 'Terms', to: '/terms' },
      { kind: 'page', label: 'Security', to: '/security' },
    ],
  },
];

/** The footer's two social links: where the project lives and where its packages are published. */
export const SOCIAL_LINKS: readonly ExternalLink[] = [
  { kind: 'external', label: 'GitHub', href: 'https://github.com/quire-dev/quire' },
  { kind: 'external', label: 'npm', href: 'https://www.npmjs.com/org/quire' },
];

export const LOADING_TEXT = 'Loading...';
