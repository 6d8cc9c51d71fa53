import type { CheckFinding, Fetch } from '@quire/client';
import {
  compareData,
  createTemplateEngine,
  type ErrorCode,
  getStarter,
  inferTemplateVariables,
  type PlanId,
  QuireError,
  starters,
  Template,
  TemplateContent,
  type TemplateContentInput,
  TemplateError,
  TemplateVersion,
} from '@quire/core';
import { renderHtmlDocument } from '../../preview/html-document';
import { type AiTurnAnswer, aiReport, aiTurnEvents, defaultAiGeneration, defaultAiTurn, type FakeAiTurn } from './ai';
import { errorAnswer, errorBody, eventStream, json, nextRequestId, quireError, sleep } from './answers';

/** Where the fake client points: a name that resolves nowhere, so that nothing can reach a real service. */
export const FAKE_BASE_URL = 'https://quire.invalid';
export const FAKE_TEAM_ID = 'team_Fk7wQ2mZp9XcR4bN';
export const FAKE_USER_ID = 'usr_Fk3hT8sLq1VdW6yE';

/** A template the fake starts with: a starter or a content of its own, and the versions saved after the first. */
export interface FakeTemplateSeed {
  id: string;
  /** A starter of @quire/core to begin from (`invoice`, `receipt`…). */
  starter?: string;
  /** Fields over the starter's (or the whole content, without one). */
  content?: Partial<TemplateContentInput>;
  /** The versions after the first, oldest first: each changes fields of the one before, with its message. */
  versions?: { message: string; changes: Partial<TemplateContentInput> }[];
  /** Default: the latest. */
  publishedVersion?: number;
  /**
   * What the render step of a check finds (content overflow, missing glyphs…): the fake has no layout engine,
   * so the check adds these to the data findings it computes as the service does.
   */
  renderFindings?: CheckFinding[];
  /** Pages of the rendered report, for the check's page count. Default 1. */
  pages?: number;
}

export type FakeReportStatus = 'queued' | 'rendering' | 'succeeded' | 'failed';

/** A report the fake starts with, of one of its templates. */
export interface FakeReportSeed {
  id: string;
  template: string;
  format?: 'pdf' | 'html';
  /** What each read sees, in turn (the last again after that): `['queued', 'rendering', 'succeeded']`. */
  statuses: FakeReportStatus[];
  /** A failed report's error. */
  error?: { code: string; message: string };
  /** Its file was deleted when its retention period ended. */
  expired?: boolean;
}

/** How the fake answers a request instead of (or before) answering it as the service would. */
export type FakeBehaviour =
  /** An error of the API, with the catalogue's status and message unless given. */
  | { error: ErrorCode; message?: string; param?: string; details?: Record<string, unknown> }
  /** No answer at all: fetch rejects, as when the service cannot be reached. */
  | { connectionError: true }
  /** No answer until the request is aborted: a service that is slow to answer. */
  | { hang: true }
  /** The usual answer, this many milliseconds late. */
  | { delayMs: number }
  /** An AI stream that fails after its first progress event, with this error. */
  | { streamError: ErrorCode; message?: string };

export type FakeOverride = FakeBehaviour & {
  method?: string;
  /** The path (`/v1/templates/tpl_…`) or a pattern it must match. */
  path: string | RegExp;
  /** How many requests it applies to; default all. */
  times?: number;
};

export interface FakeQuireOptions {
  templates?: FakeTemplateSeed[];
  overrides?: FakeOverride[];
  /** The AI's turns, one per message, in order; after the last, the last again. Default: {@link defaultAiTurn}. */
  aiTurns?: FakeAiTurn[];
  /** The AI's templates written from a sentence, in order, as for `aiTurns`. Default: {@link defaultAiGeneration}. */
  aiGenerations?: FakeAiTurn[];
  /** Milliseconds before every answer, and between the events of a stream. Default 0. */
  latencyMs?: number;
  /** The plan a plan_limit_exceeded error names. Default free. */
  plan?: PlanId;
  /** Reports it holds (a report viewer's), with the statuses its reads see. */
  reports?: FakeReportSeed[];
  /**
   * Renders a PDF for a report (the in-browser engine, in the stories). Without it the fake makes HTML reports
   * only, and says so when asked for a PDF.
   */
  renderPdf?: (content: TemplateContent, data: Record<string, unknown>) => Promise<Uint8Array>;
  /**
   * The bearer tokens it takes (an embed token that has not expired); others answer 401 as the service does.
   * Default: any.
   */
  tokens?: string[];
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

interface StoredVersion {
  version: number;
  content: TemplateContent;
  message: string;
  created_by: string | null;
  created_at: string;
}

interface StoredTemplate {
  id: string;
  versions: StoredVersion[];
  published: number;
  created_at: string;
  updated_at: string;
  seed: FakeTemplateSeed | undefined;
  thread: Record<string, unknown>[];
}

// Seeded history starts on a fixed day, one hour per version, so that stories show the same dates every run.
const SEEDED_AT = Date.parse('2026-11-02T09:00:00.000Z');
const HOUR = 3_600_000;

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id shaped like the service's: a prefix and 16 base64url characters. */
function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}_${Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
}

interface HandlerContext {
  signal: AbortSignal | null | undefined;
  requestId: string;
  /** An override that makes this request's AI stream fail. */
  streamError: { streamError: ErrorCode; message?: string } | undefined;
}

/** The path's parameters: the template (or starter) id, and a version number where the route has one. */
type Params = readonly [string, string];
type Handler = (params: Params, request: FakeRequest, context: HandlerContext) => Promise<Response>;

/**
 * The Quire service in memory, answering a client's `fetch` with the API's own shapes (built with @quire/core's
 * schemas), its error envelopes and codes, and its AI event streams: templates with versions, publishing,
 * restoring, checks, HTML previews, the AI conversation, and the starters. Overrides make it fail, hang or lag
 * where a story or a test wants to see that.
 */
export class FakeQuireService {
  readonly requests: FakeRequest[] = [];
  readonly #templates = new Map<string, StoredTemplate>();
  readonly #overrides: (FakeOverride & { used: number })[];
  readonly #aiTurns: FakeAiTurn[];
  #aiTurnIndex = 0;
  readonly #aiGenerations: FakeAiTurn[];
  #aiGenerationIndex = 0;
  readonly #latencyMs: number;
  readonly #plan: PlanId;
  readonly #tokens: string[] | undefined;
  readonly #reports = new Map<string, StoredReport>();
  readonly #renderPdf: FakeQuireOptions['renderPdf'];
  readonly #engine = createTemplateEngine();
  readonly #routes: [string, RegExp, Handler][];

  constructor(options: FakeQuireOptions = {}) {
    this.#overrides = (options.overrides ?? []).map((override) => ({ ...override, used: 0 }));
    this.#aiTurns = options.aiTurns ?? [defaultAiTurn];
    this.#aiGenerations = options.aiGenerations ?? [defaultAiGeneration];
    this.#latencyMs = options.latencyMs ?? 0;
    this.#plan = options.plan ?? 'free';
    this.#tokens = options.tokens;
    this.#renderPdf = options.renderPdf;
    for (const seed of options.templates ?? []) this.#seed(seed);
    for (const seed of options.reports ?? []) this.#seedReport(seed);
    const id = '([A-Za-z0-9_-]+)';
    this.#routes = [
      ['GET', /^\/v1\/starters$/, async (_m, _r) => this.#ok(this.#starterList())],
      ['GET', new RegExp(`^/v1/starters/${id}$`), async ([starterId]) => this.#ok(this.#starter(starterId))],
      ['POST', /^\/v1\/templates$/, async (_m, r) => this.#ok(this.#create(r.body), 201)],
      ['GET', /^\/v1\/templates$/, async (_m, r) => this.#ok(this.#list(r.query))],
      ['GET', new RegExp(`^/v1/templates/${id}$`), async ([tid]) => this.#ok(this.#view(this.#find(tid)))],
      ['PATCH', new RegExp(`^/v1/templates/${id}$`), async ([tid], r) => this.#ok(this.#update(tid, r.body))],
      ['DELETE', new RegExp(`^/v1/templates/${id}$`), async ([tid]) => this.#ok(this.#delete(tid))],
      ['POST', new RegExp(`^/v1/templates/${id}/publish$`), async ([tid], r) => this.#ok(this.#publish(tid, r.body))],
      ['POST', new RegExp(`^/v1/templates/${id}/check$`), async ([tid], r) => this.#ok(this.#check(tid, r.body))],
      ['POST', new RegExp(`^/v1/templates/${id}/preview$`), async ([tid], r) => this.#ok(this.#preview(tid, r.body))],
      ['GET', new RegExp(`^/v1/templates/${id}/versions$`), async ([tid], r) => this.#ok(this.#versions(tid, r.query))],
      [
        'GET',
        new RegExp(`^/v1/templates/${id}/versions/([^/]+)$`),
        async ([tid, n]) => this.#ok(this.#version(tid, n)),
      ],
      [
        'POST',
        new RegExp(`^/v1/templates/${id}/versions/([^/]+)/restore$`),
        async ([tid, n], r) => this.#ok(this.#restore(tid, n, r.body)),
      ],
      ['GET', new RegExp(`^/v1/templates/${id}/messages$`), async ([tid]) => this.#ok(this.#thread(tid))],
      ['POST', new RegExp(`^/v1/templates/${id}/messages$`), (m, r, c) => this.#message(m, r, c)],
      ['POST', /^\/v1\/ai\/templates$/, (_m, r, c) => this.#generate(r, c)],
      ['POST', /^\/v1\/reports$/, (_m, r, c) => this.#createReport(r, c)],
      ['GET', new RegExp(`^/v1/reports/${id}$`), async ([rid]) => this.#ok(this.#reportView(this.#readReport(rid)))],
      ['GET', new RegExp(`^/v1/reports/${id}/file$`), async ([rid], _r, c) => this.#reportFile(rid, c)],
    ];
  }

  /** The fetch to give `new Quire({ fetch })`. */
  readonly fetch: Fetch = async (url, init) => {
    const parsed = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const text = typeof init.body === 'string' ? init.body : '';
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams.entries()),
      body: text ? JSON.parse(text) : undefined,
      headers,
    };
    this.requests.push(request);
    const requestId = nextRequestId();
    const signal = init.signal;
    if (this.#latencyMs > 0) await sleep(this.#latencyMs, signal);
    const override = this.#overrideFor(request);
    const streamError = override && 'streamError' in override ? override : undefined;
    if (override && !streamError) {
      if ('connectionError' in override) throw new TypeError('Failed to fetch');
      if ('hang' in override) {
        await new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
      }
      if ('delayMs' in override) await sleep(override.delayMs, signal);
      if ('error' in override)
        return errorAnswer(quireError(override.error, { ...override, plan: this.#plan }), requestId);
    }
    // The starters are public; everything else needs a bearer token (the one the fake takes, when it names any).
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!request.path.startsWith('/v1/starters')) {
      if (!bearer) return errorAnswer(quireError('invalid_api_key'), requestId);
      if (this.#tokens && !this.#tokens.includes(bearer)) return errorAnswer(quireError('invalid_jwt'), requestId);
    }
    for (const [method, pattern, handler] of this.#routes) {
      const match = pattern.exec(request.path);
      if (!match || method !== request.method) continue;
      try {
        const response = await handler(match.slice(1) as unknown as Params, request, {
          signal,
          requestId,
          streamError,
        });
        response.headers.set('x-request-id', requestId);
        return response;
      } catch (error) {
        if (QuireError.isInstance(error)) return errorAnswer(error, requestId);
        throw error;
      }
    }
    return errorAnswer(quireError('route_not_found'), requestId);
  };

  /** A template's stored state, for tests that check what a story did. */
  template(id: string): Template {
    return this.#view(this.#find(id));
  }

  #overrideFor(request: FakeRequest): FakeBehaviour | undefined {
    const found = this.#overrides.find(
      (o) =>
        (o.method === undefined || o.method.toUpperCase() === request.method) &&
        (typeof o.path === 'string' ? o.path === request.path : o.path.test(request.path)) &&
        (o.times === undefined || o.used < o.times),
    );
    if (!found) return undefined;
    found.used++;
    return found;
  }

  #ok(body: unknown, status = 200): Response {
    // The request id is set by fetch, once the handler has answered.
    return json(status, body, '');
  }

  // --- templates ---------------------------------------------------------------------------------------------

  #seed(seed: FakeTemplateSeed): void {
    const base = seed.starter ? this.#starterContent(seed.starter) : { html: '' };
    let content = TemplateContent.parse({ ...base, ...seed.content });
    const at = (n: number) => new Date(SEEDED_AT + (n - 1) * HOUR).toISOString();
    const versions: StoredVersion[] = [
      {
        version: 1,
        content,
        message: seed.starter ? `Created from the ${content.name} starter` : 'Created',
        created_by: FAKE_USER_ID,
        created_at: at(1),
      },
    ];
    for (const later of seed.versions ?? []) {
      content = TemplateContent.parse({ ...content, ...later.changes });
      const version = versions.length + 1;
      versions.push({ version, content, message: later.message, created_by: FAKE_USER_ID, created_at: at(version) });
    }
    const latest = versions.length;
    this.#templates.set(seed.id, {
      id: seed.id,
      versions,
      published: seed.publishedVersion ?? latest,
      created_at: at(1),
      updated_at: at(latest),
      seed,
      thread: [],
    });
  }

  #starterContent(id: string): TemplateContentInput {
    const starter = getStarter(id);
    if (!starter) throw quireError('starter_not_found', { param: 'starter_id' });
    const { id: _id, ...content } = starter;
    return content;
  }

  #find(id: string): StoredTemplate {
    const template = this.#templates.get(id);
    if (!template) throw quireError('template_not_found');
    return template;
  }

  #latest(template: StoredTemplate): StoredVersion {
    return template.versions[template.versions.length - 1] as StoredVersion;
  }

  #versionOf(template: StoredTemplate, number: number | string): StoredVersion {
    const n = Number(number);
    if (!Number.isInteger(n) || n < 1) throw quireError('version_not_found', { param: 'version' });
    const found = template.versions[n - 1];
    if (!found) {
      throw quireError('version_not_found', {
        message: `Template ${template.id} has no version ${n}.`,
        param: 'version',
      });
    }
    return found;
  }

  /** GET /v1/templates/{id}: the latest content with the pointers, as the service's templateView. */
  #view(template: StoredTemplate): Template {
    const latest = this.#latest(template);
    return Template.parse({
      id: template.id,
      team_id: FAKE_TEAM_ID,
      ...latest.content,
      published_version: template.published,
      latest_version: latest.version,
      created_at: template.created_at,
      updated_at: template.updated_at,
    });
  }

  /** The service refuses to publish Liquid that does not parse, naming the part (templates/syntax.ts). */
  #assertParses(content: TemplateContent): void {
    for (const part of ['html', 'header_html', 'footer_html'] as const) {
      try {
        this.#engine.parse(content[part]);
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error;
        throw new TemplateError(error.code as 'template_syntax_error', {
          message: `${part}: ${error.message}`,
          param: part,
          ...(error.line === undefined ? {} : { line: error.line }),
          ...(error.column === undefined ? {} : { column: error.column }),
        });
      }
    }
  }

  #save(template: StoredTemplate, content: TemplateContent, message: string, publish: boolean): StoredTemplate {
    if (publish) this.#assertParses(content);
    const version = this.#latest(template).version + 1;
    const at = new Date().toISOString();
    template.versions.push({ version, content, message, created_by: null, created_at: at });
    if (publish) template.published = version;
    template.updated_at = at;
    return template;
  }

  #create(body: unknown): Template {
    const { starter_id: starterId, message, ...fields } = (body ?? {}) as Record<string, unknown>;
    const base: Partial<TemplateContentInput> =
      typeof starterId === 'string' ? this.#starterContent(starterId) : { html: '' };
    const content = TemplateContent.parse({ ...base, ...fields });
    this.#assertParses(content);
    const id = newId('tpl');
    const at = new Date().toISOString();
    const origin = typeof starterId === 'string' ? `Created from the ${base.name} starter` : 'Created';
    const template: StoredTemplate = {
      id,
      versions: [
        {
          version: 1,
          content,
          message: typeof message === 'string' ? message : origin,
          created_by: null,
          created_at: at,
        },
      ],
      published: 1,
      created_at: at,
      updated_at: at,
      seed: undefined,
      thread: [],
    };
    this.#templates.set(id, template);
    return this.#view(template);
  }

  #list(query: Record<string, string>) {
    const all = [...this.#templates.values()].reverse().map((t) => {
      const { id, team_id, name, description, kind, tags, published_version, latest_version, created_at, updated_at } =
        this.#view(t);
      return { id, team_id, name, description, kind, tags, published_version, latest_version, created_at, updated_at };
    });
    return page(all, query, (t) => t.id);
  }

  #update(id: string, body: unknown): Template {
    const template = this.#find(id);
    const { message, publish, ...fields } = (body ?? {}) as Record<string, unknown>;
    const content = TemplateContent.parse({ ...this.#latest(template).content, ...fields });
    this.#save(template, content, typeof message === 'string' ? message : '', publish !== false);
    return this.#view(template);
  }

  #delete(id: string) {
    this.#find(id);
    this.#templates.delete(id);
    return { id, deleted: true };
  }

  #publish(id: string, body: unknown): Template {
    const template = this.#find(id);
    const version = this.#versionOf(template, (body as { version?: unknown } | undefined)?.version as number);
    this.#assertParses(version.content);
    template.published = version.version;
    template.updated_at = new Date().toISOString();
    return this.#view(template);
  }

  /**
   * POST /v1/templates/{id}/check: the data findings as @quire/render's check() makes them (the same core
   * functions), a syntax error as its finding, then the seed's render findings and the page count.
   */
  #check(id: string, body: unknown) {
    const template = this.#find(id);
    const given = (body ?? {}) as { data?: Record<string, unknown>; version?: number };
    const version = given.version === undefined ? this.#latest(template) : this.#versionOf(template, given.version);
    const data = given.data ?? version.content.sample_data;
    const findings: CheckFinding[] = [];
    let pages: number | null = null;
    try {
      const { schema } = inferTemplateVariables(this.#engine, version.content);
      const comparison = compareData(schema, data);
      for (const path of comparison.missing) {
        findings.push({
          code: 'missing_variable',
          severity: 'warning',
          path,
          message: `The data has no ${path}, which the template prints`,
        });
      }
      for (const path of comparison.unexpected) {
        findings.push({ code: 'unused_variable', severity: 'info', path, message: `The template never uses ${path}` });
      }
      for (const m of comparison.mismatched) {
        findings.push({
          code: 'type_mismatch',
          severity: 'warning',
          path: m.path,
          message: `${m.path} is ${m.actual}; the template uses it as ${m.expected}`,
        });
      }
      findings.push(...(template.seed?.renderFindings ?? []));
      pages = template.seed?.pages ?? 1;
      findings.push({
        code: 'page_count',
        severity: 'info',
        message: `The report has ${pages} page${pages === 1 ? '' : 's'}`,
      });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      findings.push({
        code: error.code,
        severity: 'error',
        message: error.message,
        ...(error.line ? { line: error.line } : {}),
        ...(error.column ? { column: error.column } : {}),
      });
    }
    return {
      object: 'template_check',
      template_id: template.id,
      version: version.version,
      ok: !findings.some((f) => f.severity === 'error'),
      pages,
      findings,
    };
  }

  /**
   * POST /v1/templates/{id}/preview as JSON: HTML only (the document the builder's own preview draws). The fake
   * has no PDF engine, and says so rather than answering something that is not a PDF.
   */
  #preview(id: string, body: unknown) {
    const template = this.#find(id);
    const given = (body ?? {}) as { data?: Record<string, unknown>; version?: number; format?: string };
    if (given.format !== 'html') {
      throw new Error('The fake Quire service previews HTML only (format: "html"): it has no PDF engine.');
    }
    const version = given.version === undefined ? this.#latest(template) : this.#versionOf(template, given.version);
    const started = performance.now();
    const html = renderHtmlDocument(this.#engine, version.content, given.data ?? version.content.sample_data);
    const ms = Math.round((performance.now() - started) * 100) / 100;
    return {
      object: 'template_preview',
      template_id: template.id,
      version: version.version,
      format: 'html',
      content_type: 'text/html; charset=utf-8',
      pages: null,
      warnings: [],
      timings: { template_ms: ms, layout_ms: 0, output_ms: 0, total_ms: ms },
      content_base64: toBase64(new TextEncoder().encode(html)),
    };
  }

  // --- versions ----------------------------------------------------------------------------------------------

  #versions(id: string, query: Record<string, string>) {
    const template = this.#find(id);
    const summaries = [...template.versions].reverse().map(({ content: _content, ...summary }) => ({
      template_id: template.id,
      ...summary,
    }));
    return page(summaries, query, (v) => String(v.version));
  }

  #version(id: string, number: string) {
    const template = this.#find(id);
    const { content, ...summary } = this.#versionOf(template, number);
    return TemplateVersion.parse({ template_id: template.id, ...summary, content });
  }

  #restore(id: string, number: string, body: unknown): Template {
    const template = this.#find(id);
    const old = this.#versionOf(template, number);
    const message = (body as { message?: unknown } | undefined)?.message;
    this.#save(template, old.content, typeof message === 'string' ? message : `Restored version ${old.version}`, true);
    return this.#view(template);
  }

  // --- the AI conversation -----------------------------------------------------------------------------------

  #thread(id: string) {
    const template = this.#find(id);
    return { object: 'list', data: template.thread, has_more: false, next_cursor: null };
  }

  async #message(params: Params, request: FakeRequest, context: HandlerContext): Promise<Response> {
    const template = this.#find(params[0]);
    const instruction = String((request.body as { content?: unknown } | undefined)?.content ?? '');
    if (!instruction.trim()) {
      throw quireError('validation_failed', {
        param: 'content',
        message: 'content: Too small: expected string to have >=1 characters',
      });
    }
    const turn = this.#aiTurns[Math.min(this.#aiTurnIndex++, this.#aiTurns.length - 1)] as FakeAiTurn;
    return this.#aiAnswer(request, context, turn, () => this.#takeTurn(template, instruction, turn));
  }

  /**
   * POST /v1/ai/templates: a new template from a sentence, version 1 published and tagged ai-generated, named
   * after the prompt unless the request names it, with the prompt as its description and first message.
   */
  async #generate(request: FakeRequest, context: HandlerContext): Promise<Response> {
    const body = (request.body ?? {}) as {
      prompt?: unknown;
      name?: unknown;
      kind?: unknown;
      page?: unknown;
      data_sample?: unknown;
    };
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    if (!prompt.trim()) {
      throw quireError('validation_failed', {
        param: 'prompt',
        message: 'prompt: Invalid input: expected string, received undefined',
      });
    }
    const turn = this.#aiGenerations[Math.min(this.#aiGenerationIndex++, this.#aiGenerations.length - 1)] as FakeAiTurn;
    return this.#aiAnswer(request, context, turn, () => {
      const base = TemplateContent.parse({
        name: typeof body.name === 'string' ? body.name : nameFromPrompt(prompt),
        description: prompt.slice(0, 2000),
        kind: body.kind ?? 'document',
        html: '',
        ...(body.page ? { page: body.page } : {}),
        sample_data: body.data_sample ?? {},
        tags: ['ai-generated'],
      });
      const changes = turn.changes(base);
      const content = TemplateContent.parse({
        ...base,
        ...changes,
        name: base.name,
        description: base.description,
        tags: base.tags,
        // A sample the request gave is the template's; else the model's.
        ...(body.data_sample ? { sample_data: base.sample_data } : {}),
      });
      const template = this.#create({ ...content, message: 'Generated by AI (offline, quire-offline-1)' });
      const stored = this.#find(template.id);
      const report = aiReport(turn, 1, 'generate');
      stored.thread.push(...this.#turnMessages(stored, prompt, turn.reply, 1, report));
      return { object: 'ai_generation', template, reply: turn.reply, report };
    });
  }

  /** An AI answer as the client asked for it: one JSON body (201), or its events streamed; or a stream that fails. */
  #aiAnswer(request: FakeRequest, context: HandlerContext, turn: FakeAiTurn, answer: () => unknown): Response {
    const { signal, requestId } = context;
    const streaming = request.headers.accept?.includes('text/event-stream') ?? false;
    const failure = context.streamError;
    if (failure && streaming) {
      const error = quireError(failure.streamError, failure.message ? { message: failure.message } : {});
      return eventStream(
        [
          { event: 'progress', data: { stage: 'writing', round: 1 } },
          { event: 'progress', data: { stage: 'error' } },
          { event: 'error', data: errorBody(error, requestId) },
        ],
        requestId,
        { delayMs: this.#latencyMs, signal },
      );
    }
    if (!streaming) return json(201, answer(), requestId);
    return eventStream(aiTurnEvents(turn, answer), requestId, { delayMs: turn.delayMs ?? this.#latencyMs, signal });
  }

  /** The two messages a turn adds to the thread: the person's request, and the AI's reply with its version. */
  #turnMessages(template: StoredTemplate, request: string, reply: string, version: number, report: unknown) {
    const at = new Date().toISOString();
    const message = (role: 'user' | 'assistant', text: string) => ({
      id: newId('msg'),
      object: 'ai_message' as const,
      template_id: template.id,
      role,
      content: text,
      version: role === 'assistant' ? version : null,
      report: role === 'assistant' ? report : null,
      created_by: null,
      created_at: at,
    });
    return [message('user', request), message('assistant', reply)] as const;
  }

  /** Saves the AI's version (a draft when serious findings remain) and records both messages of the turn. */
  #takeTurn(template: StoredTemplate, instruction: string, turn: FakeAiTurn): AiTurnAnswer {
    const current = this.#latest(template).content;
    const content = TemplateContent.parse({ ...current, ...turn.changes(current) });
    const published = !turn.remaining?.some((finding) => finding.serious);
    this.#save(template, content, `AI: ${instruction.slice(0, 480)}`, published);
    const version = this.#latest(template).version;
    const report = aiReport(turn, template.seed?.pages ?? 1);
    const [request, assistant] = this.#turnMessages(template, instruction, turn.reply, version, report);
    template.thread.push(request, assistant);
    return {
      object: 'ai_turn',
      changed: true,
      message: assistant as AiTurnAnswer['message'],
      template: this.#view(template),
      version,
      published,
      report,
    };
  }

  // --- reports -----------------------------------------------------------------------------------------------

  #seedReport(seed: FakeReportSeed): void {
    const template = this.#find(seed.template);
    const format = seed.format ?? 'pdf';
    const at = new Date(SEEDED_AT + template.versions.length * HOUR).toISOString();
    this.#reports.set(seed.id, {
      id: seed.id,
      template_id: template.id,
      template_version: template.published,
      format,
      filename: filenameFor(format, this.#latest(template).content.name),
      statuses: [...seed.statuses],
      status: seed.statuses[0] ?? 'succeeded',
      error: seed.error ?? null,
      expired_at: seed.expired ? at : null,
      created_at: at,
      completed_at: null,
      file: null,
      // As a report rendered at once (#createReport): the template's pages, for a PDF.
      pages: format === 'pdf' ? (template.seed?.pages ?? 1) : null,
    });
  }

  /** A read of a report: it moves on to its next status, as a queued report does between two polls. */
  #readReport(id: string): StoredReport {
    const report = this.#reports.get(id);
    if (!report) throw quireError('report_not_found');
    const next = report.statuses.shift();
    if (next) report.status = next;
    if (report.status === 'succeeded' || report.status === 'failed') report.completed_at ??= new Date().toISOString();
    return report;
  }

  /** GET /v1/reports/{id}, as the service's reportView answers it. */
  #reportView(report: StoredReport) {
    const hasFile = report.status === 'succeeded' && !report.expired_at;
    const done = report.status === 'succeeded';
    return {
      object: 'report',
      id: report.id,
      team_id: FAKE_TEAM_ID,
      template_id: report.template_id,
      template_version: report.template_version,
      format: report.format,
      status: report.status,
      filename: report.filename,
      content_type: done ? CONTENT_TYPES[report.format] : null,
      bytes: done ? (report.file?.length ?? null) : null,
      pages: done ? report.pages : null,
      timings: done ? { queue_ms: 0, template_ms: 1, layout_ms: 1, output_ms: 1, total_ms: 3 } : null,
      warnings: [],
      error: report.status === 'failed' ? report.error : null,
      metadata: {},
      created_at: report.created_at,
      completed_at: report.completed_at,
      download_url: hasFile ? `${FAKE_BASE_URL}/v1/reports/${report.id}/file` : null,
      // The free plan keeps files for 7 days.
      file_expires_at:
        hasFile && report.completed_at ? new Date(Date.parse(report.completed_at) + 7 * 24 * HOUR).toISOString() : null,
      file_expired_at: report.expired_at,
      data_source_id: null,
      job_id: null,
      batch_id: null,
      // The stories' reports are made with their template's sample data, by the signed-in person of the fake.
      data: this.#versionOf(this.#find(report.template_id), report.template_version).content.sample_data ?? {},
      data_source_params: null,
      source: { type: 'user', id: FAKE_USER_ID, name: 'ada@example.com' },
    };
  }

  /** The file of a report, rendered on first use from its template's version and sample data. */
  async #fileOf(report: StoredReport, data?: Record<string, unknown>): Promise<Uint8Array> {
    if (report.file) return report.file;
    const template = this.#find(report.template_id);
    const content = this.#versionOf(template, report.template_version).content;
    const values = data ?? content.sample_data;
    if (report.format === 'html') {
      report.file = new TextEncoder().encode(renderHtmlDocument(this.#engine, content, values));
    } else {
      if (!this.#renderPdf) throw new Error('The fake Quire service makes PDF reports only when given renderPdf.');
      report.file = await this.#renderPdf(content, values);
    }
    return report.file;
  }

  #fileAnswer(report: StoredReport, bytes: Uint8Array, requestId: string, status = 200): Response {
    return new Response(bytes.slice().buffer, {
      status,
      headers: {
        'content-type': CONTENT_TYPES[report.format],
        'content-length': String(bytes.length),
        'content-disposition': `attachment; filename="${report.filename}"`,
        'quire-report-id': report.id,
        'x-request-id': requestId,
      },
    });
  }

  async #reportFile(id: string, context: HandlerContext): Promise<Response> {
    const report = this.#reports.get(id);
    if (!report) throw quireError('report_not_found');
    if (report.expired_at) throw quireError('report_file_expired');
    if (report.status !== 'succeeded') {
      throw quireError('report_not_ready', {
        message:
          report.status === 'failed'
            ? 'The report failed, so it has no file: see its error.'
            : `The report is ${report.status}: its file is not ready yet.`,
        details: { status: report.status },
      });
    }
    return this.#fileAnswer(report, await this.#fileOf(report), context.requestId);
  }

  /** POST /v1/reports, rendered at once: the report as JSON, or its file when the client asks for one. */
  async #createReport(request: FakeRequest, context: HandlerContext): Promise<Response> {
    const body = (request.body ?? {}) as {
      template_id?: string;
      data?: Record<string, unknown>;
      format?: 'pdf' | 'html';
      filename?: string;
      version?: number;
      async?: boolean;
    };
    if (body.async) throw new Error('The fake Quire service renders reports synchronously only.');
    const template = this.#find(String(body.template_id));
    const version = body.version === undefined ? template.published : this.#versionOf(template, body.version).version;
    const content = this.#versionOf(template, version).content;
    const format = body.format ?? 'pdf';
    const at = new Date().toISOString();
    const report: StoredReport = {
      id: newId('rep'),
      template_id: template.id,
      template_version: version,
      format,
      filename: filenameFor(format, content.name, body.filename),
      statuses: [],
      status: 'succeeded',
      error: null,
      expired_at: null,
      created_at: at,
      completed_at: at,
      file: null,
      pages: format === 'pdf' ? (template.seed?.pages ?? 1) : null,
    };
    const bytes = await this.#fileOf(report, body.data);
    this.#reports.set(report.id, report);
    const wantsFile = !(request.headers.accept ?? '').includes('application/json');
    if (wantsFile) return this.#fileAnswer(report, bytes, context.requestId, 201);
    return json(201, this.#reportView(report), context.requestId);
  }

  // --- starters ----------------------------------------------------------------------------------------------

  #starterList() {
    return {
      object: 'list',
      data: starters.map(({ id, name, description, kind, tags, page }) => ({
        id,
        name,
        description,
        kind,
        tags,
        page,
      })),
    };
  }

  #starter(id: string) {
    const starter = starters.find((s) => s.id === id);
    if (!starter) throw quireError('starter_not_found');
    return starter;
  }
}

interface StoredReport {
  id: string;
  template_id: string;
  template_version: number;
  format: 'pdf' | 'html';
  filename: string;
  /** The statuses the next reads see. */
  statuses: FakeReportStatus[];
  status: FakeReportStatus;
  error: { code: string; message: string } | null;
  expired_at: string | null;
  created_at: string;
  completed_at: string | null;
  file: Uint8Array | null;
  pages: number | null;
}

const CONTENT_TYPES = { pdf: 'application/pdf', html: 'text/html; charset=utf-8' } as const;

/** The download name, as the service makes it: the one asked for, else the template's name as a slug. */
function filenameFor(format: 'pdf' | 'html', templateName: string, asked?: string): string {
  const extension = `.${format}`;
  if (asked) return asked.toLowerCase().endsWith(extension) ? asked : `${asked}${extension}`;
  const slug = templateName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 80);
  return `${slug || 'report'}${extension}`;
}

/** A name until the model gives a better one: the prompt's first words (as the service names it). */
function nameFromPrompt(prompt: string): string {
  const words = prompt.replace(/\s+/g, ' ').trim();
  const cut = words.length > 60 ? `${words.slice(0, 60).replace(/\s+\S*$/, '')}…` : words;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** A page of a list, newest first, as the service's cursor pagination answers it. */
function page<T>(items: T[], query: Record<string, string>, cursorOf: (item: T) => string) {
  const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
  let start = 0;
  if (query.starting_after !== undefined) {
    const at = items.findIndex((item) => cursorOf(item) === query.starting_after);
    if (at < 0) throw quireError('invalid_cursor', { param: 'starting_after' });
    start = at + 1;
  }
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  const last = data[data.length - 1];
  return { object: 'list', data, has_more: hasMore, next_cursor: hasMore && last ? cursorOf(last) : null };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
