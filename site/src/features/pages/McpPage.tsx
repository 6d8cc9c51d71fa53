import { serviceOrigin } from '../../api/client';
import { MCP, mcpConfig, mcpHttpConfig } from '../../content/mcp';
import { CodeBlock } from './CodeBlock';
import { TextPage } from './TextPage';

/** /mcp: the explanation, then the configuration for this very service. */
export function McpPage() {
  const origin = serviceOrigin();
  return (
    <TextPage page={MCP}>
      <CodeBlock
        caption={
          <>
            Claude Desktop and Cursor: starts <code>npx @quire/mcp</code> with your key
          </>
        }
        label="MCP configuration for npx @quire/mcp"
        code={mcpConfig(origin)}
      />
      <CodeBlock
        caption={
          <>
            VS Code, without installing anything: this service’s <code>/mcp</code> endpoint
          </>
        }
        label="MCP configuration for the /mcp endpoint"
        code={mcpHttpConfig(origin)}
      />
    </TextPage>
  );
}
