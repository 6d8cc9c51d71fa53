/**
 * Every public route of the site and the texts of the seed it must show, taken from the same content tables the
 * pages render (src/content/). The browser tests visit each and look for each text.
 */
import { ABOUT } from '../src/content/about';
import { BLOG } from '../src/content/blog';
import { VISITOR_BUILDER } from '../src/content/builder';
import {
  CLOSING_CTA,
  FAQ,
  FAQ_SECTION,
  FEATURES,
  FEATURES_SECTION,
  HERO,
  PRICING_SECTION,
} from '../src/content/landing';
import { LEGAL_UPDATED, PRIVACY, TERMS } from '../src/content/legal';
import { MCP } from '../src/content/mcp';
import { FOOTER_GROUPS, HEADER_LINKS, REGISTER, SIGN_IN } from '../src/content/navigation';
import { NOT_FOUND } from '../src/content/not-found';
import { pageTexts } from '../src/content/page-model';
import { SECURITY } from '../src/content/security';

export interface PublicRoute {
  path: string;
  /** The page's h1. */
  heading: string;
  /** Texts the page shows (each somewhere in the page's text). */
  texts: readonly string[];
  /** The seed's own words for this route, written out here rather than read from the tables, so that a changed table fails. */
  seed: readonly string[];
}

/** The text a reader sees: the content tables' inline markup (`code`, [links](/path)) taken out. */
export const visible = (text: string) => text.replace(/`([^`]+)`/g, '$1').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');

const LANDING_TEXTS = [
  `${HERO.titleStart}${HERO.titleEmphasis}`,
  HERO.primary.label,
  HERO.secondary.label,
  FEATURES_SECTION.title,
  ...FEATURES.flatMap((feature) => [feature.title, feature.body]),
  PRICING_SECTION.title,
  PRICING_SECTION.popular,
  FAQ_SECTION.title,
  ...FAQ.map((item) => item.question),
  CLOSING_CTA.title,
  CLOSING_CTA.primary.label,
  CLOSING_CTA.secondary.label,
];

const LANDING_SEED = [
  'AI Report Generation for Developers and Vibe Coders',
  'Start Free Trial',
  'Try Template Builder',
  'Dual-Mode Template Creation',
  'Developer API Integration',
  'End-User Empowerment',
  'AI Template Generation',
  'Conversational Design',
  'Dynamic Templates',
  'MCP Enabled',
  'Simple, Transparent Pricing',
  'Most Popular',
  'Get Started',
  'Ready to transform your reporting workflow?',
  'Get Started For Free',
];

/** Every page has the header's and the footer's links. */
export const CHROME_TEXTS = [
  ...HEADER_LINKS.map((link) => link.label),
  SIGN_IN.label,
  ...FOOTER_GROUPS.flatMap((group) => group.links.map((link) => link.label)),
  'beta',
];

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/home',
    heading: `${HERO.titleStart}${HERO.titleEmphasis}`,
    texts: [...LANDING_TEXTS, REGISTER.label],
    seed: LANDING_SEED,
  },
  {
    path: '/developer',
    heading: `${HERO.titleStart}${HERO.titleEmphasis}`,
    texts: [...LANDING_TEXTS, REGISTER.developerLabel],
    seed: [...LANDING_SEED, 'Vibe Coders'],
  },
  { path: '/about', heading: ABOUT.title, texts: pageTexts(ABOUT), seed: ['mission', 'offer', 'story', 'promise'] },
  {
    path: '/privacy',
    heading: PRIVACY.title,
    texts: pageTexts(PRIVACY),
    seed: ['Last updated: April 18, 2025'],
  },
  {
    path: '/terms',
    heading: TERMS.title,
    texts: pageTexts(TERMS),
    seed: ['Last updated: April 18, 2025', '18 years or older', 'the last 12 months'],
  },
  { path: '/security', heading: SECURITY.title, texts: pageTexts(SECURITY), seed: ['Security'] },
  {
    path: '/mcp',
    heading: MCP.title,
    texts: pageTexts(MCP),
    seed: ['Host', 'Client', 'Server', 'Resources', 'Tools', 'Prompts', 'Start Building with MCP', '"@quire/mcp"'],
  },
  { path: '/blog', heading: BLOG.heading, texts: [BLOG.heading, BLOG.body], seed: ['Blog Coming Soon'] },
  {
    path: '/templates/new',
    heading: VISITOR_BUILDER.title,
    texts: [VISITOR_BUILDER.title, VISITOR_BUILDER.lead],
    seed: ['Template Builder'],
  },
];

export const NOT_FOUND_TEXTS = [NOT_FOUND.heading, NOT_FOUND.homeLink];
export { LEGAL_UPDATED };
