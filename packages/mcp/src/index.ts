export { type CallerAccess, McpPlanError, resolveAccess } from './access';
export { type ToolCall, ToolInputError, toolErrorResult } from './errors';
export { type Logger, type LogLevel, silentLogger, streamLogger } from './logger';
export { type CreateServerOptions, createServer, selectTools, type ToolFilter } from './server';
export { TOOL_NAMES, TOOLS, type ToolName } from './tools/index';
export type { Hints, QuireTool, ToolAnswer, ToolContext, ToolPermission } from './tools/tool';
export { asksForProgress, handleStreamableHttp } from './transports/http';
export { type StdioConnection, type StdioOptions, serveStdio } from './transports/stdio';
export { VERSION } from './version';
