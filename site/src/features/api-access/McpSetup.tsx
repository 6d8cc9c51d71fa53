import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { quire, serviceOrigin } from '../../api/client';
import { API_ACCESS_TEXT } from '../../content/api-access';
import { CopyButton } from '../../workspace/ApiSnippet';
import { useWorkspace } from '../../workspace/team';
import { type McpHost, mcpHostConfig } from './mcp-configs';

const T = API_ACCESS_TEXT.mcp;
const HOSTS: { id: McpHost; label: string; file: string; note?: string }[] = [
  { id: 'claude', label: T.claude, file: T.claudeFile },
  { id: 'cursor', label: T.cursor, file: T.cursorFile },
  { id: 'vscode', label: T.vscode, file: T.vscodeFile, note: T.vscodeNote },
];

/** Ready-made MCP configurations for this service, and whether the team's plan includes MCP. */
export function McpSetup() {
  const { team } = useWorkspace();
  // The public plan list says what each plan includes: every role may read it (the usage route is not for all).
  const plans = useQuery({
    queryKey: ['plans'],
    queryFn: async () => (await quire.plans.list()).data,
    staleTime: 5 * 60_000,
  });
  const plan = plans.data?.find((p) => p.id === team.plan);
  const origin = serviceOrigin();

  return (
    <section className="app-card aa-section" aria-labelledby="aa-mcp-heading">
      <div className="aa-section-head">
        <div>
          <h2 id="aa-mcp-heading">{T.heading}</h2>
          <p className="aa-lead">{T.lead}</p>
        </div>
      </div>
      {plan ? (
        <p className="aa-plan" data-mcp={plan.includes.mcp}>
          {(plan.includes.mcp ? T.included : T.notIncluded).replace('{plan}', plan.name)}{' '}
          {plan.includes.mcp ? null : <Link to={'/subscription' as '/dashboard'}>{T.upgrade}</Link>}
        </p>
      ) : null}
      <Tabs.Root defaultValue="claude">
        <Tabs.List className="app-snippet-tabs" aria-label="MCP host">
          {HOSTS.map((host) => (
            <Tabs.Trigger key={host.id} value={host.id} className="app-snippet-tab">
              {host.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {HOSTS.map((host) => {
          const config = mcpHostConfig(host.id, origin);
          return (
            <Tabs.Content key={host.id} value={host.id} className="aa-mcp-panel">
              <p className="aa-lead">
                <code>{host.file}</code>
                {host.note ? ` · ${host.note}` : null}
              </p>
              <div className="app-snippet-panel">
                <CopyButton text={config} label={T.copyConfig} />
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways; axe's scrollable-region-focusable. */}
                <pre className="app-code" data-mcp-config={host.id} tabIndex={0}>
                  <code>{config}</code>
                </pre>
              </div>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </section>
  );
}
