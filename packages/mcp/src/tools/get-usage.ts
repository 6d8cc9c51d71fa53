import { z } from 'zod';
import { defineTool, READ_ONLY } from './tool';

const LIMITS = ['templates', 'reports_per_month', 'api_calls_per_month', 'ai_requests_per_month', 'members'] as const;

const counter = z.object({ used: z.number(), limit: z.number() });
type Counters = Record<(typeof LIMITS)[number], z.ZodOptional<typeof counter>>;

export const getUsage = defineTool({
  name: 'get_usage',
  title: 'Get the team’s usage',
  description: [
    "Answers the team's plan, what it has used this month of each limit (templates, reports, API calls, AI",
    'requests, members) against the limit, the month the counters cover, and what the plan includes (AI',
    'generation, MCP).',
    'Use it before a batch of generate_report or generate_template calls to see whether they fit, or when a call',
    'failed with plan_limit_exceeded, to tell the user what is used and when the month resets.',
    'Example: get_usage {} → { plan: "starter", usage: { reports_per_month: { used: 41, limit: 500 }, … },',
    'period: { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" }, … }.',
    'Related: generate_report, generate_template (both count), list_reports.',
  ].join(' '),
  input: {},
  output: {
    plan: z.string().describe('The plan id: free, starter, professional, enterprise.'),
    period: z
      .object({ start: z.string(), end: z.string() })
      .describe('The calendar month (UTC) the monthly counters cover: they reset at end.'),
    usage: z
      .object(Object.fromEntries(LIMITS.map((name) => [name, counter.optional()])) as Counters)
      .describe('Per limit, what is used and the limit.'),
    features: z
      .object({ ai_generation: z.boolean().optional(), mcp: z.boolean().optional() })
      .describe('What the plan includes.'),
  },
  annotations: READ_ONLY,
  permissions: ['usage:read'],
  async run(_args, { client, signal }) {
    const usage = await client.usage.get({ signal });
    return {
      structured: {
        plan: usage.plan,
        period: { start: usage.period.start, end: usage.period.end },
        usage: Object.fromEntries(
          LIMITS.flatMap((name) => {
            const count = usage.usage[name];
            return count ? [[name, { used: count.used, limit: count.limit }]] : [];
          }),
        ),
        features: {
          ...(typeof usage.features.ai_generation === 'boolean' ? { ai_generation: usage.features.ai_generation } : {}),
          ...(typeof usage.features.mcp === 'boolean' ? { mcp: usage.features.mcp } : {}),
        },
      },
    };
  },
});
