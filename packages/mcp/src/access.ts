import type { Quire } from '@quire/client';

/** What the server learns of its caller before it offers anything: the team, the role and what the role may do. */
export interface CallerAccess {
  teamId: string;
  plan: string;
  role: string;
  /** The permissions GET /v1/team answers (undefined from a service too old to say: every tool is offered). */
  permissions: readonly string[] | undefined;
}

/**
 * The team's plan does not include MCP: the same code and message as the service's /mcp endpoint answers (402
 * plan_feature_unavailable), so that an agent and a person read the same thing over stdio and over HTTP.
 */
export class McpPlanError extends Error {
  override readonly name = 'McpPlanError';
  readonly code = 'plan_feature_unavailable';
  readonly status = 402;
  constructor(
    readonly plan: string,
    planName: string,
  ) {
    super(`Your ${planName} plan does not include MCP access. Upgrade your plan to use it.`);
  }
}

/**
 * Asks the API who the client is (GET /v1/team: the team, its plan, the caller's role and permissions) and whether
 * the plan includes MCP (GET /v1/plans), as the service does before it serves /mcp. Throws McpPlanError when it
 * does not, and the client's APIError when the key is refused or the service cannot be reached.
 */
export async function resolveAccess(client: Quire, options: { signal?: AbortSignal } = {}): Promise<CallerAccess> {
  const [team, plans] = await Promise.all([
    client.team.get({ signal: options.signal }),
    client.plans.list({ signal: options.signal }),
  ]);
  const plan = plans.data.find((candidate) => candidate.id === team.plan);
  if (plan && !plan.includes.mcp) throw new McpPlanError(plan.id, plan.name);
  return {
    teamId: team.id,
    plan: team.plan,
    role: team.role,
    permissions: Array.isArray(team.permissions) ? team.permissions : undefined,
  };
}
