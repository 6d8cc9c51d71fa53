/**
 * The landing page's texts (seed sections 1, 2 and 9). The browser tests check the page against these tables;
 * the plans themselves come from GET /v1/plans.
 */
export const HERO = {
  eyebrow: 'Open source · self-hostable',
  titleStart: 'AI Report Generation for ',
  titleEmphasis: 'Developers and Vibe Coders',
  lead: 'Design report templates in HTML and Liquid, or describe them in a sentence and let the AI write them. Refine them by conversation, then turn JSON into PDF, HTML or email reports through one API.',
  primary: { label: 'Start Free Trial', to: '/register' },
  secondary: { label: 'Try Template Builder', to: '/templates/new' },
  previewAlt: 'The Quire template builder: an invoice template beside its PDF preview',
  previewButton: 'Play the demo video',
  videoTitle: 'Quire in two minutes',
  videoDescription: 'A short tour: a template from a starter, the AI changing it, the PDF, and the API call.',
} as const;

export type FeatureIcon = 'code' | 'people' | 'sparkles' | 'chat' | 'braces' | 'plug';

export interface Feature {
  title: string;
  body: string;
  icon: FeatureIcon;
}

export const FEATURES_SECTION = {
  id: 'features',
  eyebrow: 'Features',
  title: 'Dual-Mode Template Creation',
  lead: 'Developers write the HTML; everyone else clicks, types and asks. Both work on the same template, and switching never loses anything.',
} as const;

export const FEATURES: readonly Feature[] = [
  {
    title: 'Developer API Integration',
    body: 'A REST API with a typed client for Node and the browser: create templates, render PDF, HTML and email synchronously or as jobs, with idempotency keys, retries and signed webhooks.',
    icon: 'code',
  },
  {
    title: 'End-User Empowerment',
    body: 'Embed the template builder in your own app. Your users change texts, colours, logos and data in Easy Mode without touching code, within the permissions you give them.',
    icon: 'people',
  },
  {
    title: 'AI Template Generation',
    body: 'Describe a report in a sentence ("a monthly invoice with our logo and a table of line items") and get a working template with sample data, checked by rendering it before you see it.',
    icon: 'sparkles',
  },
  {
    title: 'Conversational Design',
    body: 'Refine a template by talking to it: "make the header navy", "add a total row". Every turn is a new version you can compare, accept, reject or restore.',
    icon: 'chat',
  },
  {
    title: 'Dynamic Templates',
    body: 'Liquid variables, loops, conditions and report filters (money, dates, numbers) over your JSON. Quire infers the data schema and checks your data against it before rendering.',
    icon: 'braces',
  },
  {
    title: 'MCP Enabled',
    body: 'AI agents design, check, preview and render reports through the Model Context Protocol: run `npx @quire/mcp` in Claude Desktop, Cursor or VS Code, or use the service’s /mcp endpoint.',
    icon: 'plug',
  },
];

export const PRICING_SECTION = {
  id: 'pricing',
  eyebrow: 'Pricing',
  title: 'Simple, Transparent Pricing',
  lead: 'Start free, upgrade when your reports do. Every plan includes AI template generation. Self-hosting is free and has no limits you did not set.',
  popular: 'Most Popular',
  perMonth: '/month',
  cta: { label: 'Get Started', to: '/register' },
  loading: 'Loading plans…',
  failed: 'The plans could not be loaded.',
  retry: 'Try again',
} as const;

export interface FaqItem {
  /** The seed's topic, for the tests: what the product is, API integration, usage limits… */
  topic: 'product' | 'api' | 'limits' | 'customization' | 'security' | 'support';
  question: string;
  answer: string;
}

export const FAQ_SECTION = {
  id: 'faq',
  eyebrow: 'FAQ',
  title: 'Frequently Asked Questions',
  lead: 'What people ask before their first report.',
} as const;

export const FAQ: readonly FaqItem[] = [
  {
    topic: 'product',
    question: 'What is Quire?',
    answer:
      'Quire is an open, self-hostable report-generation platform for developers, no-code builders and AI agents. You build report templates from HTML and Liquid variables, or have the AI write them from a description, and generate PDF, HTML and email reports from JSON data through an API.',
  },
  {
    topic: 'api',
    question: 'How do I integrate Quire with my application?',
    answer:
      'Create an API key for your team, then call the REST API (POST /v1/reports with a template and your data) or use the typed client, @quire/client, from Node or the browser. To let your own users edit templates, embed the @quire/react builder with a short-lived embed token minted by your backend. The API reference is at /docs.',
  },
  {
    topic: 'limits',
    question: 'What are the usage limits?',
    answer:
      'Each plan has monthly limits on reports and API calls, and limits on templates and team members: the Free plan includes 2 templates, 50 reports and 500 API calls a month for one person. When a limit is reached the API answers 402 with the limit, your usage and your plan; limits reset on the first day of each month (UTC).',
  },
  {
    topic: 'customization',
    question: 'Can I customize the templates?',
    answer:
      'Completely. Templates are plain HTML and CSS with Liquid: in Boss Mode you edit the code with completion and lint marks; in Easy Mode you click an element to change its text, colour or size, set the accent colour, font and logo, or ask the AI for a change. Page size, margins, headers and footers are yours to set.',
  },
  {
    topic: 'security',
    question: 'Is my data secure?',
    answer:
      'Templates run in a sandboxed Liquid engine with limits on time and memory, and nothing they contain can fetch from the network. Passwords are hashed with scrypt, sessions use rotating refresh tokens in httpOnly cookies, two-factor sign-in is available, and API keys are stored only as hashes. Self-host Quire and your data never leaves your machines.',
  },
  {
    topic: 'support',
    question: 'What kind of support do you offer?',
    answer:
      'Everyone gets the documentation, the API reference and the contact form; issues and questions are welcome on GitHub. The Professional plan includes priority support, and Enterprise customers get help with custom integrations.',
  },
];

export const CLOSING_CTA = {
  title: 'Ready to transform your reporting workflow?',
  lead: 'Start with a starter template, let the AI do the first draft, and have your first PDF in minutes.',
  primary: { label: 'Get Started For Free', to: '/register' },
  secondary: { label: 'Try Template Builder', to: '/templates/new' },
} as const;
