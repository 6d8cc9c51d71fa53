import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  PlanLimitError,
  RateLimitError,
  UnprocessableEntityError,
} from '@quire/client';
import type { Logger } from './logger';

/** What the error wrapper knows of the call that failed: the tool and the arguments the model sent. */
export interface ToolCall {
  tool: string;
  args: Record<string, unknown>;
}

/**
 * A mistake the model can fix without asking the API (an argument combination the schema cannot express): the
 * message says what to do instead.
 */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

/** ` <value>` of an argument, for messages: empty when the call did not pass it. */
const arg = (call: ToolCall, name: string): string => {
  const value = call.args[name];
  return typeof value === 'string' || typeof value === 'number' ? ` ${value}` : '';
};

/** What to do next for a resource that does not exist: which tool lists the ids. */
const NOT_FOUND: Record<string, (call: ToolCall) => string> = {
  template_not_found: (call) =>
    `No template${arg(call, 'template_id')} in this team. Call list_templates to see the ids.`,
  version_not_found: (call) =>
    `Template${arg(call, 'template_id')} has no version${arg(call, 'version')}. Call get_template to see its ` +
    'latest_version, or leave version out to use the published one.',
  report_not_found: (call) => `No report${arg(call, 'report_id')} in this team. Call list_reports to see the ids.`,
  data_source_not_found: (call) =>
    `No data source${arg(call, 'data_source_id')} in this team. Call list_data_sources to see the ids.`,
  starter_not_found: (call) => `No starter${arg(call, 'starter_id')}. Call list_starters to see the ids.`,
};

/** The explanation of an API error for a model: what happened, and what to do next. */
export function explain(error: APIError, call: ToolCall): string {
  // The classes are alike in shape: tested on an unknown, so that one test does not narrow `error` for the next.
  const value: unknown = error;
  const message = error.message.replace(/\.?$/, '.');
  if (APITimeoutError.isInstance(value)) {
    return 'Quire did not answer in time. Try again; for a long render, try a smaller data set.';
  }
  if (APIConnectionError.isInstance(value)) {
    return (
      `Could not reach the Quire service${value.url ? ` at ${value.url}` : ''}. Check that it is running and that ` +
      'QUIRE_BASE_URL (or --base-url) points at it, then try again.'
    );
  }
  if (APIUserAbortError.isInstance(value)) return 'The call was cancelled.';
  if (AuthenticationError.isInstance(value)) {
    return (
      `Quire refused the credentials: ${message} The server needs a team API key (qk_live_…) in QUIRE_API_KEY ` +
      '(or --api-key): a team owner or admin creates one under Settings → API keys. This is not something a ' +
      'different tool call can fix; tell the user.'
    );
  }
  if (PermissionDeniedError.isInstance(value)) {
    return (
      `${message} The API key's role does not allow this call; tell the user. A key with the editor role can use ` +
      'every tool; member keys read templates and make reports; viewer keys only read reports.'
    );
  }
  if (PlanLimitError.isInstance(value)) {
    const { limit, used, resource } = value;
    const numbers = limit !== undefined ? ` (${resource ?? 'limit'}: ${used ?? '?'} of ${limit} used)` : '';
    return (
      `${message}${numbers} Nothing was created. Tell the user: an owner or admin can upgrade the team's plan ` +
      '(Settings → Billing); monthly limits also reset at the start of the next month.'
    );
  }
  if (NotFoundError.isInstance(value)) {
    const hint = NOT_FOUND[error.code];
    if (hint) return hint(call);
    if (error.code === 'report_file_expired') {
      return `${message} Call generate_report again to render a new copy.`;
    }
    return `${message} Check the ids you passed; the list_ tools show what exists.`;
  }
  if (ConflictError.isInstance(value)) {
    if (error.code === 'report_not_ready') {
      return `${message} Call get_report in a few seconds to see its status.`;
    }
    return `${message} Try the call again.`;
  }
  if (BadRequestError.isInstance(value)) {
    const field = error.param ? ` (argument: ${error.param})` : '';
    return `${message}${field} Fix the argument and call ${call.tool} again.`;
  }
  if (UnprocessableEntityError.isInstance(value)) {
    const line = typeof error.details.line === 'number' ? ` (line ${error.details.line})` : '';
    if (error.code.startsWith('data_source')) {
      return `${message} The data source failed; check it in Quire, or pass the data inline with \`data\` instead.`;
    }
    if (error.code === 'data_invalid') {
      return `${message} Call get_template to see the data the template expects (sample_data and data_schema).`;
    }
    if (error.code.startsWith('ai_') || error.code === 'provider_unavailable') {
      return `${message} Try again, or write the HTML yourself and call create_template.`;
    }
    return (
      `${message}${line} Call check_template to see every problem, then fix the template with refine_template ` +
      '(in words) or by creating it again from corrected HTML.'
    );
  }
  if (RateLimitError.isInstance(value)) {
    const wait = error.headers?.get('retry-after');
    return `${message} Wait ${wait ? `${wait} seconds` : 'a minute'} before calling again.`;
  }
  if (error.status !== undefined && error.status >= 500) {
    return `Quire failed to handle the call: ${message} Try again; if it keeps failing, tell the user and quote the request id.`;
  }
  return message;
}

/**
 * Turns an error thrown while running a tool into the `isError: true` result the model reads: a message naming
 * what to do next, the error's code and request id, and the details in `_meta` for programs. Errors of the API
 * (and the tools' own input errors) are expected and logged at `warn`; anything else is a bug, logged at `error`.
 */
export function toolErrorResult(error: unknown, call: ToolCall, logger: Logger): CallToolResult {
  if (APIError.isInstance(error)) {
    const ids = [`code: ${error.code}`, error.requestId ? `request id: ${error.requestId}` : undefined]
      .filter(Boolean)
      .join(', ');
    logger.warn({ tool: call.tool, code: error.code, status: error.status, request_id: error.requestId }, 'tool error');
    return {
      isError: true,
      content: [{ type: 'text', text: `${explain(error, call)} (${ids})` }],
      _meta: {
        'quire/error': {
          code: error.code,
          status: error.status ?? null,
          request_id: error.requestId ?? null,
          param: error.param ?? null,
        },
      },
    };
  }
  if (error instanceof ToolInputError) {
    logger.warn({ tool: call.tool, code: 'invalid_arguments' }, 'tool error');
    return { isError: true, content: [{ type: 'text', text: error.message }] };
  }
  logger.error({ tool: call.tool, err: error }, 'tool failed unexpectedly');
  const message = error instanceof Error ? error.message : String(error);
  return {
    isError: true,
    content: [{ type: 'text', text: `The Quire MCP server failed unexpectedly: ${message}` }],
  };
}
