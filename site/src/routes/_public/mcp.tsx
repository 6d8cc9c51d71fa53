import { createFileRoute } from '@tanstack/react-router';
import { McpPage } from '../../features/pages/McpPage';

export const Route = createFileRoute('/_public/mcp')({
  component: McpPage,
});
