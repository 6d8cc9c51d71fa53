import '../account/account.css';
import './api-access.css';
import { API_ACCESS_TEXT as T } from '../../content/api-access';
import { usePageTitle } from '../../layout/use-page-title';
import { ApiKeys } from './ApiKeys';
import { McpSetup } from './McpSetup';
import { Webhooks } from './Webhooks';

/**
 * /api-access: the team's API keys, its webhook endpoints with their delivery logs, and the MCP set-up for AI
 * agents. Owners and admins manage keys and webhooks; everyone sees the MCP set-up. Boss Mode adds the API call
 * of every action, and a curl to try a new key with.
 */
export function ApiAccessPage() {
  usePageTitle(T.title);
  return (
    <div className="aa-page">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="aa-lead">{T.lead}</p>
        </div>
      </header>
      <ApiKeys />
      <Webhooks />
      <McpSetup />
    </div>
  );
}
