import {
  APIConnectionError,
  AuthenticationError,
  BadRequestError,
  PermissionDeniedError,
  PlanLimitError,
  UnprocessableEntityError,
} from '@quire/client';
import { describe, expect, it } from 'vitest';
import { ToolInputError, toolErrorResult } from './errors';
import { type Logger, silentLogger } from './logger';

const textOf = (result: ReturnType<typeof toolErrorResult>) => (result.content[0] as { text: string }).text;
const error = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type: 'x', code, message, request_id: 'req_1', ...extra },
});

describe('toolErrorResult', () => {
  it('says a plan feature is missing and who can upgrade', () => {
    const result = toolErrorResult(
      new PlanLimitError({
        status: 402,
        ...error(
          'plan_feature_unavailable',
          'Your Free plan does not include AI generation. Upgrade your plan to use it.',
          {
            feature: 'ai_generation',
            plan: 'free',
          },
        ),
      }),
      { tool: 'generate_template', args: {} },
      silentLogger,
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Your Free plan does not include AI generation. Upgrade your plan to use it. Nothing was created. Tell the ' +
        "user: an owner or admin can upgrade the team's plan (Settings → Billing); monthly limits also reset at " +
        'the start of the next month. (code: plan_feature_unavailable, request id: req_1)',
    );
    expect(result._meta).toEqual({
      'quire/error': { code: 'plan_feature_unavailable', status: 402, request_id: 'req_1', param: null },
    });
  });

  it('names the argument of a validation error', () => {
    const result = toolErrorResult(
      new BadRequestError({
        status: 400,
        ...error('validation_failed', 'Expected a number', { param: 'page.margins.top' }),
      }),
      { tool: 'create_template', args: {} },
      silentLogger,
    );
    expect(textOf(result)).toMatch(
      /^Expected a number\. \(argument: page\.margins\.top\) Fix the argument and call create_template again\./,
    );
  });

  it('points a template error at check_template and refine_template', () => {
    const result = toolErrorResult(
      new UnprocessableEntityError({ status: 422, ...error('template_syntax_error', 'Unclosed tag', { line: 3 }) }),
      { tool: 'generate_report', args: {} },
      silentLogger,
    );
    expect(textOf(result)).toMatch(/^Unclosed tag\. \(line 3\) Call check_template .* refine_template/);
  });

  it('tells the model to tell the user about a refused key, a missing permission or no connection', () => {
    const call = { tool: 'list_templates', args: {} };
    const auth = toolErrorResult(
      new AuthenticationError({ status: 401, ...error('invalid_api_key', 'Invalid API key') }),
      call,
      silentLogger,
    );
    expect(textOf(auth)).toMatch(/QUIRE_API_KEY .* Settings → API keys/);
    const role = toolErrorResult(
      new PermissionDeniedError({ status: 403, ...error('forbidden', 'No') }),
      call,
      silentLogger,
    );
    expect(textOf(role)).toMatch(
      /role does not allow this call; tell the user\. A key with the editor role can use every tool/,
    );
    const down = toolErrorResult(
      new APIConnectionError({ url: 'http://127.0.0.1:9/v1/templates' }),
      call,
      silentLogger,
    );
    expect(textOf(down)).toMatch(
      /^Could not reach the Quire service at http:\/\/127\.0\.0\.1:9\/v1\/templates\. .*QUIRE_BASE_URL/,
    );
  });

  it('passes the tools’ own input errors on as they are, and logs unexpected failures as errors', () => {
    const logged: string[] = [];
    const logger: Logger = { ...silentLogger, error: (_fields, message) => logged.push(message) };
    const input = toolErrorResult(new ToolInputError('Pass name and html.'), { tool: 't', args: {} }, logger);
    expect(textOf(input)).toBe('Pass name and html.');
    const bug = toolErrorResult(new TypeError('x is undefined'), { tool: 't', args: {} }, logger);
    expect(textOf(bug)).toBe('The Quire MCP server failed unexpectedly: x is undefined');
    expect(logged).toEqual(['tool failed unexpectedly']);
  });
});
