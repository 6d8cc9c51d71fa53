export { type ToolCall, ToolInputError, toolErrorResult } from './errors';
export { type Logger, type LogLevel, silentLogger, streamLogger } from './logger';
export { type CreateServerOptions, createServer, selectTools } from './server';
export { TOOL_NAMES, type ToolName } from './tools/index';
export type { Hints, QuireTool, ToolAnswer, ToolContext } from './tools/tool';
export { handleStreamableHttp } from './transports/http';
export { type StdioConnection, type StdioOptions, serveStdio } from './transports/stdio';
export { VERSION } from './version';
