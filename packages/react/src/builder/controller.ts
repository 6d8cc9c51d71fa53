import {
  type AiStream,
  APIUserAbortError,
  type CheckFinding,
  type Quire,
  type Template,
  type TemplateMessageResult,
} from '@quire/client';
import { createTemplateEngine, TemplateContent, type TemplateEngine } from '@quire/core';
import {
  type BuilderAction,
  type BuilderError,
  BuilderFailure,
  builderFailure,
  toBuilderError,
} from '../errors/builder-error';
import type { Translate } from '../i18n/translate';
import { renderHtmlDocument } from '../preview/html-document';
import { previewSlots } from '../preview/slots';
import { analyseDraft, type DraftAnalysis } from './analysis';
import { draftOf, draftsEqual, fieldsChanged, insertAtBodyEnd, snippetFor } from './draft';
import type {
  AiProposal,
  AiStatus,
  BuilderApi,
  BuilderMode,
  ChangeInfo,
  ChangeSource,
  DraftFinding,
  Features,
  Permissions,
  PreviewFormat,
  PublishResult,
  RenderInfo,
  RenderOutput,
  SaveResult,
  SourceLocation,
  SourcePart,
  TemplateDraft,
  TemplateDraftInput,
} from './types';

/** What the builder knows of the template it is backed by. */
export interface TemplateMeta {
  id: string;
  publishedVersion: number;
  latestVersion: number;
  updatedAt: string;
}

export interface BuilderState {
  status: 'loading' | 'ready' | 'error';
  loadError: BuilderError | null;
  draft: TemplateDraft;
  /** The content last loaded from or saved to Quire (or given as the starting value): `dirty` compares to it. */
  saved: TemplateDraft;
  template: TemplateMeta | null;
  mode: BuilderMode;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  publishing: boolean;
  /** The service's check of the latest saved version, and the content it checked (its lines are that content's). */
  check: { content: TemplateDraft; findings: CheckFinding[] } | null;
  ai: AiStatus;
  /** The error of the last preview render (a Liquid error at run time), or null when it rendered. */
  previewError: DraftFinding | null;
  /** The last thing said to the person: saved, published, switched mode (read out by a live region). */
  notice: string;
  /** Bumped on every change the builder makes, so that views re-read the draft even when a host ignores one. */
  revision: number;
  /** Where Boss Mode is to put its cursor when its editor for that part shows ("Open in Boss Mode"). */
  reveal: SourceLocation | null;
  /**
   * The AI conversation: the template in Quire it is kept on (the builder's, or the working copy of a draft the
   * host holds; null until the first turn makes one), and the turns made in this builder, oldest first.
   */
  conversation: { templateId: string | null; turns: AiProposal[] };
}

/** The options the component hands over on every render: callbacks and settings are always the latest. */
export interface BuilderOptions {
  client: Quire | null;
  templateId: string | undefined;
  /** The controlled draft, parsed; undefined when uncontrolled. */
  value: TemplateDraft | undefined;
  /** The controlled mode; undefined when uncontrolled. */
  mode: BuilderMode | undefined;
  permissions: Permissions;
  features: Features;
  t: Translate;
  onChange?: ((draft: TemplateDraft, info: ChangeInfo) => void) | undefined;
  onModeChange?: ((mode: BuilderMode) => void) | undefined;
  onReady?: ((api: BuilderApi) => undefined | (() => void)) | undefined;
  onSave?: ((result: SaveResult) => void) | undefined;
  onPublish?: ((result: PublishResult) => void) | undefined;
  onRender?: ((info: RenderInfo) => void) | undefined;
  onError?: ((error: BuilderError) => void) | undefined;
}

/** An editor showing one part, so that `insertVariable` writes at its cursor. */
export interface EditorHandle {
  /** The cursor's offset in the part's text, or null when it has none. */
  cursor(): number | null;
  /** Puts the cursor at an offset and focuses the editor. */
  select(offset: number): void;
}

const HISTORY_LIMIT = 200;
/** Keystrokes in one part closer together than this undo as one step. */
const COALESCE_MS = 1000;

const TEMPLATE_FIELDS = [
  'name',
  'description',
  'kind',
  'html',
  'css',
  'header_html',
  'footer_html',
  'page',
  'sample_data',
  'data_schema',
  'tags',
] as const;

const contentOf = (template: Template): TemplateDraft =>
  TemplateContent.parse(Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, template[field]])));

const metaOf = (template: Template): TemplateMeta => ({
  id: template.id,
  publishedVersion: template.published_version,
  latestVersion: template.latest_version,
  updatedAt: template.updated_at,
});

/**
 * The builder's state and everything it does, outside React: the draft and its undo history, loading and saving
 * through the client, publishing, AI turns, and the api whose calls wait until the builder is ready. Components
 * read it through `useBuilderState`; `<TemplateBuilder>` hands it the latest props on every render.
 */
export class BuilderController {
  readonly engine: TemplateEngine = createTemplateEngine();
  readonly api: BuilderApi;
  options: BuilderOptions;

  #state: BuilderState;
  #listeners = new Set<() => void>();
  #past: TemplateDraft[] = [];
  #future: TemplateDraft[] = [];
  #lastEdit: { key: string; at: number } | null = null;
  #queue: { run: () => Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  #readyFired = false;
  #readyCleanup: (() => void) | undefined;
  #loadToken = 0;
  #editors = new Map<SourcePart, EditorHandle>();
  #activeEditor: SourcePart | null = null;
  #mounted = false;
  /** The AI stream in flight, to stop it. */
  #aiStream: AiStream<TemplateMessageResult> | null = null;
  /** For a draft the host holds: the template in Quire the AI works on, and the content it last had. */
  #aiCopy: { id: string; content: TemplateDraft } | null = null;
  /** The `templateId` of the last props synced: a new one is loaded. */
  #templateId: string | undefined;
  /**
   * Drafts told to a controlled host that it has not passed back yet, oldest first. The builder shows the newest
   * at once (so a second keystroke before the host re-renders builds on the first, not on the host's older value),
   * and takes an older one coming back as the host catching up, not as a change of the host's own.
   */
  #pending: TemplateDraft[] = [];
  #refusalTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: BuilderOptions, initial: { draft: TemplateDraft; mode: BuilderMode }) {
    this.options = options;
    this.#templateId = options.templateId;
    const needsLoad = options.templateId !== undefined;
    this.#state = {
      status: needsLoad ? 'loading' : 'ready',
      loadError: null,
      draft: initial.draft,
      saved: initial.draft,
      template: null,
      mode: initial.mode,
      canUndo: false,
      canRedo: false,
      saving: false,
      publishing: false,
      check: null,
      ai: { state: 'idle' },
      previewError: null,
      notice: '',
      revision: 0,
      reveal: null,
      conversation: { templateId: options.templateId ?? null, turns: [] },
    };
    this.api = this.#createApi();
  }

  // --- the store ---------------------------------------------------------------------------------------------

  getState = (): BuilderState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(patch: Partial<BuilderState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  get dirty(): boolean {
    return !draftsEqual(this.#state.draft, this.#state.saved);
  }

  /** The mode in force: Boss Mode needs the editCode permission. */
  get mode(): BuilderMode {
    return this.options.permissions.editCode ? this.#state.mode : 'easy';
  }

  /**
   * Whether the person's edits could be kept at all: with neither the save permission nor an `onChange` to hand
   * them to, nothing typed would go anywhere, so every view shows the draft read only. (The api still changes it:
   * that is the host's own doing.)
   */
  get readOnly(): boolean {
    return !this.options.permissions.save && this.options.onChange === undefined;
  }

  /** Whether the AI is offered: the feature and the permission on, and a client to reach Quire's AI with. */
  get aiAvailable(): boolean {
    const { features, permissions, client } = this.options;
    return features.ai && permissions.ai && client !== null;
  }

  #analysis = new WeakMap<TemplateDraft, DraftAnalysis>();

  /** What the builder knows of a draft (syntax errors, data tree, missing data), computed once per draft. */
  analyse(draft: TemplateDraft = this.#state.draft): DraftAnalysis {
    let analysis = this.#analysis.get(draft);
    if (!analysis) {
      analysis = analyseDraft(this.engine, draft);
      this.#analysis.set(draft, analysis);
    }
    return analysis;
  }

  setPreviewError(error: DraftFinding | null): void {
    const current = this.#state.previewError;
    if (current === error || (current && error && JSON.stringify(current) === JSON.stringify(error))) return;
    this.#set({ previewError: error });
  }

  // --- lifecycle -----------------------------------------------------------------------------------------------

  /** Takes the props of a render that React committed: the controlled value and mode follow them. */
  sync(options: BuilderOptions): void {
    // Compared with the id last synced, not with `this.options`: the component hands the latest options over
    // while it renders, before this commit.
    const templateChanged = options.templateId !== this.#templateId;
    this.#templateId = options.templateId;
    this.options = options;
    const patch: Partial<BuilderState> = {};
    if (options.value) {
      const value = options.value;
      const taken = this.#pending.findIndex((draft) => draftsEqual(draft, value));
      if (taken >= 0) {
        // The host caught up to one of the drafts it was told; the newer ones are on their way.
        this.#pending.splice(0, taken + 1);
      } else if (!draftsEqual(value, this.#state.draft)) {
        // The host's own value (or its refusal, re-rendered): it wins over what was typed.
        this.#pending = [];
        patch.draft = value;
      }
    }
    if (options.mode && options.mode !== this.#state.mode) patch.mode = options.mode;
    if (templateChanged) {
      // Another template: another conversation (and a draft's working copy no longer applies).
      this.#aiCopy = null;
      patch.conversation = { templateId: options.templateId ?? null, turns: [] };
    }
    if (Object.keys(patch).length > 0) this.#set(patch);
    if (this.#mounted && templateChanged) void this.load();
  }

  /** Starts the builder: loads the template when there is one, then fires onReady once. */
  mount(): () => void {
    this.#mounted = true;
    if (this.options.templateId !== undefined && this.#state.template?.id !== this.options.templateId) {
      void this.load();
    } else if (this.#state.status === 'ready') {
      this.#becomeReady();
    }
    return () => {
      this.#mounted = false;
      clearTimeout(this.#refusalTimer);
      this.#loadToken++;
    };
  }

  /** Ends the builder for good: the host's onReady cleanup runs. */
  dispose(): void {
    this.#readyCleanup?.();
    this.#readyCleanup = undefined;
  }

  #flushing = false;

  #becomeReady(): void {
    if (this.#flushing || this.#readyFired) return;
    this.#flushing = true;
    void (async () => {
      // The host's own effects of this commit run first, so that the calls they make are queued too.
      await Promise.resolve();
      // Calls made before the builder was ready run first, in order (calls made meanwhile join the end), so that
      // onReady sees their effect; then onReady fires, once in the builder's life.
      for (let call = this.#queue.shift(); call; call = this.#queue.shift()) {
        try {
          call.resolve(await call.run());
        } catch (error) {
          call.reject(error);
        }
      }
      this.#flushing = false;
      if (this.#readyFired || !this.#mounted || this.#state.status !== 'ready') return;
      this.#readyFired = true;
      const cleanup = this.options.onReady?.(this.api);
      if (typeof cleanup === 'function') this.#readyCleanup = cleanup;
    })();
  }

  /** Loads the template of `templateId` (again, after a failure). */
  async load(): Promise<void> {
    const id = this.options.templateId;
    if (id === undefined) return;
    const token = ++this.#loadToken;
    const client = this.options.client;
    if (!client) {
      const error = builderFailure('client_required', 'load', this.options.t);
      this.#set({ status: 'error', loadError: toBuilderError(error, 'load', this.options.t) });
      this.#report(error, 'load');
      return;
    }
    this.#set({ status: 'loading', loadError: null });
    try {
      const template = await client.templates.get(id);
      if (token !== this.#loadToken) return;
      const content = contentOf(template);
      this.#past = [];
      this.#future = [];
      this.#set({
        status: 'ready',
        template: metaOf(template),
        saved: content,
        check: null,
        ...this.#historyFlags(),
      });
      // A controlled builder shows the host's value; an uncontrolled one shows the template.
      if (!this.options.value)
        this.#apply(content, { source: 'server', fields: fieldsChanged(this.#state.draft, content) });
      this.#becomeReady();
      void this.refreshCheck();
    } catch (error) {
      if (token !== this.#loadToken) return;
      const builderError = toBuilderError(error, 'load', this.options.t);
      this.#set({ status: 'error', loadError: builderError });
      this.options.onError?.(builderError);
      for (const call of this.#queue.splice(0)) call.reject(new BuilderFailure(builderError));
    }
  }

  // --- changing the draft --------------------------------------------------------------------------------------

  /** Applies a change: records it for undo (keystrokes in one part within a second undo together) and reports it. */
  change(patch: Partial<TemplateDraft>, source: ChangeSource = 'edit'): void {
    const current = this.#state.draft;
    const next = { ...current, ...patch };
    const fields = fieldsChanged(current, next);
    if (fields.length === 0) return;
    const key = fields.join(',');
    const now = Date.now();
    const coalesce =
      source === 'edit' &&
      this.#lastEdit !== null &&
      this.#lastEdit.key === key &&
      now - this.#lastEdit.at < COALESCE_MS;
    if (!coalesce) {
      this.#past.push(current);
      if (this.#past.length > HISTORY_LIMIT) this.#past.shift();
    }
    this.#future = [];
    this.#lastEdit = source === 'edit' ? { key, at: now } : null;
    this.#apply(next, { source, fields });
  }

  /** Shows a draft and tells the host; a controlled builder shows it only once the host passes it back. */
  #apply(next: TemplateDraft, info: ChangeInfo): void {
    const controlled = this.options.value !== undefined;
    if (controlled) {
      this.#pending.push(next);
      if (this.#pending.length > HISTORY_LIMIT) this.#pending.shift();
      this.#watchForRefusal();
    }
    this.#set({ draft: next, ...this.#historyFlags(), revision: this.#state.revision + 1 });
    if (info.fields.length > 0) this.options.onChange?.(next, info);
  }

  /**
   * A controlled host that does not pass a change back (no re-render with it by the next task: React has
   * committed the host's state by then) refused it: the builder shows the host's value again.
   */
  #watchForRefusal(): void {
    clearTimeout(this.#refusalTimer);
    this.#refusalTimer = setTimeout(() => {
      this.#refusalTimer = undefined;
      const value = this.options.value;
      if (!value || this.#pending.length === 0) return;
      this.#pending = [];
      if (!draftsEqual(value, this.#state.draft)) this.#set({ draft: value });
    }, 0);
  }

  #historyFlags(): Pick<BuilderState, 'canUndo' | 'canRedo'> {
    return { canUndo: this.#past.length > 0, canRedo: this.#future.length > 0 };
  }

  undo(): void {
    const previous = this.#past.pop();
    if (!previous) return;
    const current = this.#state.draft;
    this.#future.push(current);
    this.#lastEdit = null;
    this.#apply(previous, { source: 'undo', fields: fieldsChanged(current, previous) });
  }

  redo(): void {
    const next = this.#future.pop();
    if (!next) return;
    const current = this.#state.draft;
    this.#past.push(current);
    this.#lastEdit = null;
    this.#apply(next, { source: 'redo', fields: fieldsChanged(current, next) });
  }

  setMode(mode: BuilderMode): void {
    if (mode === 'boss' && !this.options.permissions.editCode) {
      throw builderFailure('not_permitted', 'mode', this.options.t);
    }
    if (mode === this.mode) return;
    const notice = this.options.t(mode === 'boss' ? 'mode.switchedBoss' : 'mode.switchedEasy');
    // Leaving Boss Mode drops a place it was still to show: it would be stale by the next visit.
    const reveal = mode === 'easy' ? { reveal: null } : {};
    if (this.options.mode === undefined) this.#set({ mode, notice, ...reveal });
    else this.#set({ notice, ...reveal });
    this.options.onModeChange?.(mode);
  }

  /**
   * Easy Mode's "Open in Boss Mode": switches to Boss Mode with its editor for that part showing and the cursor at
   * the line and column (a controlled mode switches when the host passes `mode="boss"`).
   */
  openBossMode(at: SourceLocation): void {
    if (!this.options.permissions.editCode) throw builderFailure('not_permitted', 'mode', this.options.t);
    this.#set({ reveal: at });
    this.setMode('boss');
    this.#applyReveal();
  }

  /** Puts the cursor where `reveal` says, once the editor of that part is there. */
  #applyReveal(): void {
    const at = this.#state.reveal;
    const editor = at ? this.#editors.get(at.part) : undefined;
    if (!at || !editor || this.mode !== 'boss') return;
    const source = this.#state.draft[at.part];
    let offset = 0;
    for (let line = 1; line < at.line; line++) {
      const next = source.indexOf('\n', offset);
      if (next === -1) break;
      offset = next + 1;
    }
    const end = source.indexOf('\n', offset);
    const lineEnd = end === -1 ? source.length : end;
    this.#activeEditor = at.part;
    this.#set({ reveal: null });
    editor.select(Math.min(offset + Math.max(at.column - 1, 0), lineEnd));
  }

  // --- editors -------------------------------------------------------------------------------------------------

  registerEditor(part: SourcePart, handle: EditorHandle): () => void {
    this.#editors.set(part, handle);
    if (this.#state.reveal?.part === part) this.#applyReveal();
    return () => {
      if (this.#editors.get(part) === handle) this.#editors.delete(part);
      if (this.#activeEditor === part) this.#activeEditor = null;
    };
  }

  /** The editor a person used last: `insertVariable` writes there. */
  focusEditor(part: SourcePart): void {
    this.#activeEditor = part;
  }

  insertVariable(path: string): void {
    const text = snippetFor(path);
    const part = this.#activeEditor && this.#activeEditor !== 'css' ? this.#activeEditor : 'html';
    const editor = this.#editors.get(part);
    const source = this.#state.draft[part];
    const at = editor?.cursor() ?? null;
    if (at === null) {
      this.change({ [part]: insertAtBodyEnd(source, text) }, 'api');
      return;
    }
    const offset = Math.min(at, source.length);
    this.change({ [part]: source.slice(0, offset) + text + source.slice(offset) }, 'api');
    editor?.select(offset + text.length);
  }

  // --- saving and publishing ---------------------------------------------------------------------------------

  #require(permission: keyof Permissions, action: BuilderAction): void {
    if (!this.options.permissions[permission]) throw builderFailure('not_permitted', action, this.options.t);
  }

  #server(action: BuilderAction): { client: Quire; id: string } {
    const id = this.options.templateId;
    if (id === undefined) throw builderFailure('template_required', action, this.options.t);
    const client = this.options.client;
    if (!client) throw builderFailure('client_required', action, this.options.t);
    return { client, id };
  }

  #report(error: unknown, action: BuilderAction): BuilderFailure {
    const builderError = toBuilderError(error, action, this.options.t);
    this.options.onError?.(builderError);
    return BuilderFailure.isInstance(error) ? error : new BuilderFailure(builderError);
  }

  async save(): Promise<SaveResult> {
    try {
      this.#require('save', 'save');
      const draft = this.#state.draft;
      if (this.options.templateId === undefined) {
        // Not backed by Quire: the host keeps the draft (onSave); the builder only marks it saved.
        this.#set({ saved: draft, notice: this.options.t('builder.saved') });
        const result: SaveResult = { draft, template: null, version: null };
        this.options.onSave?.(result);
        return result;
      }
      const { client, id } = this.#server('save');
      this.#set({ saving: true });
      try {
        const template = await client.templates.update(id, { ...draft, publish: false });
        this.#set({
          saved: draft,
          template: metaOf(template),
          notice: this.options.t('builder.savedVersion', { version: template.latest_version }),
        });
        const result: SaveResult = { draft, template, version: template.latest_version };
        this.options.onSave?.(result);
        void this.refreshCheck();
        return result;
      } finally {
        this.#set({ saving: false });
      }
    } catch (error) {
      throw this.#report(error, 'save');
    }
  }

  async publish(): Promise<PublishResult> {
    try {
      this.#require('publish', 'publish');
      const { client, id } = this.#server('publish');
      this.#set({ publishing: true });
      try {
        const draft = this.#state.draft;
        const dirty = this.dirty;
        // Unsaved changes are saved and published as one new version; else the latest version is published.
        const template = dirty
          ? await client.templates.update(id, { ...draft, publish: true })
          : await client.templates.publish(id, this.#state.template?.latestVersion ?? 1);
        if (dirty) this.#set({ saved: draft });
        const version = template.published_version;
        this.#set({
          template: metaOf(template),
          notice: this.options.t('builder.publishedVersion', { version }),
        });
        const result: PublishResult = { template, version };
        this.options.onPublish?.(result);
        return result;
      } finally {
        this.#set({ publishing: false });
      }
    } catch (error) {
      throw this.#report(error, 'publish');
    }
  }

  /** Asks the service to check the latest saved version: its findings become lint marks while the draft matches. */
  async refreshCheck(): Promise<void> {
    const { client, templateId } = this.options;
    if (!client || templateId === undefined) return;
    const content = this.#state.saved;
    try {
      const check = await client.templates.check(templateId);
      if (this.#state.saved === content) this.#set({ check: { content, findings: check.findings } });
    } catch {
      // A failed check only means no findings from the service: the builder's own analysis still marks errors.
    }
  }

  // --- versions ------------------------------------------------------------------------------------------------

  async restoreVersion(version: number): Promise<Template> {
    try {
      this.#require('save', 'restore');
      const { client, id } = this.#server('restore');
      const template = await client.templates.versions.restore(id, version);
      const content = contentOf(template);
      this.#set({
        saved: content,
        template: metaOf(template),
        notice: this.options.t('versions.restored', { version, latest: template.latest_version }),
      });
      this.change(content, 'server');
      void this.refreshCheck();
      return template;
    } catch (error) {
      throw this.#report(error, 'restore');
    }
  }

  async publishVersion(version: number): Promise<Template> {
    try {
      this.#require('publish', 'publish');
      const { client, id } = this.#server('publish');
      const template = await client.templates.publish(id, version);
      this.#set({ template: metaOf(template), notice: this.options.t('builder.publishedVersion', { version }) });
      this.options.onPublish?.({ template, version });
      return template;
    } catch (error) {
      throw this.#report(error, 'publish');
    }
  }

  // --- rendering -----------------------------------------------------------------------------------------------

  /** Renders the draft with its sample data, and reports the figures through onRender. */
  async render(format: PreviewFormat): Promise<RenderOutput> {
    try {
      const draft = this.#state.draft;
      if (format === 'html') {
        const started = performance.now();
        const html = renderHtmlDocument(this.engine, draft);
        const info: RenderInfo = { format, ms: performance.now() - started, pages: null, warnings: [] };
        this.options.onRender?.(info);
        return { ...info, format, html };
      }
      const slot = previewSlots.pdf;
      if (!slot || !this.options.features.pdfPreview) {
        throw builderFailure('pdf_preview_unavailable', 'render', this.options.t);
      }
      const engine = await slot.load();
      const pdf = await engine.render(draft, draft.sample_data, {});
      const info: RenderInfo = { format, ms: pdf.ms, pages: pdf.pages, warnings: pdf.warnings };
      this.options.onRender?.(info);
      return { ...info, format, bytes: pdf.bytes };
    } catch (error) {
      throw this.#report(error, 'render');
    }
  }

  // --- AI ------------------------------------------------------------------------------------------------------

  /**
   * Asks the AI for a change. The AI works on what the person sees: a template in Quire gets the unsaved edits
   * saved first (as a draft version); a draft the host holds is copied into a working template in Quire (made on
   * the first turn, updated when the draft has changed since), since the AI's conversation lives on a template.
   * The AI's version waits in `ai.state === 'review'` until accepted or rejected.
   */
  async askAI(prompt: string): Promise<AiProposal> {
    try {
      this.#require('ai', 'ai');
      if (!this.options.features.ai) throw builderFailure('not_permitted', 'ai', this.options.t);
      const server = this.options.templateId !== undefined;
      let client: Quire;
      let id: string;
      if (server) {
        ({ client, id } = this.#server('ai'));
        if (this.dirty && this.options.permissions.save) await this.save();
      } else {
        if (!this.options.client) throw builderFailure('client_required', 'ai', this.options.t);
        client = this.options.client;
        id = await this.#workingCopy(client);
      }
      const before = this.#state.draft;
      const previousPublished = this.#state.template?.publishedVersion ?? 1;
      this.#set({ ai: { state: 'working', prompt, stage: null, stages: [], text: '' } });
      try {
        const stream = client.templates.messages.stream(id, { content: prompt });
        this.#aiStream = stream;
        let result: TemplateMessageResult | undefined;
        for await (const event of stream) {
          const ai = this.#state.ai;
          if (event.type === 'done') result = event.result;
          else if (ai.state !== 'working') continue;
          else if (event.type === 'progress') {
            const stages = ai.stages ?? [];
            const last = stages[stages.length - 1];
            const same = last?.stage === event.stage && last?.round === event.round;
            const reached = same ? stages : [...stages, { stage: event.stage, round: event.round }];
            this.#set({ ai: { ...ai, stage: event.stage, stages: reached } });
          } else if (event.type === 'delta') this.#set({ ai: { ...ai, text: ai.text + event.text } });
        }
        if (!result) throw new Error('The AI stream ended without a result');
        const proposal: AiProposal = {
          prompt,
          reply: result.message.content,
          before,
          after: contentOf(result.template),
          version: result.version,
          published: result.published,
          previousPublished,
          report: result.report,
          messageId: result.message.id,
          templateId: id,
        };
        if (!server) this.#aiCopy = { id, content: proposal.after };
        const { conversation } = this.#state;
        this.#set({
          ai: { state: 'review', proposal },
          // The working copy of a draft is not the host's template: the builder's own stays as it was (none).
          ...(server ? { template: metaOf(result.template) } : {}),
          conversation: { templateId: id, turns: [...conversation.turns, proposal] },
        });
        return proposal;
      } catch (error) {
        this.#set({ ai: { state: 'idle' } });
        throw error;
      } finally {
        this.#aiStream = null;
      }
    } catch (error) {
      // Stopped by the person (the chat's Stop): nothing went wrong, so the host hears of no error.
      if (APIUserAbortError.isInstance(error)) throw error;
      throw this.#report(error, 'ai');
    }
  }

  /** Stops the AI turn in flight; `askAI` then rejects with the client's `APIUserAbortError`. */
  stopAI(): void {
    this.#aiStream?.abort();
  }

  /** The template the AI works on for a draft the host holds: made from the draft, then kept equal to it. */
  async #workingCopy(client: Quire): Promise<string> {
    const draft = this.#state.draft;
    const copy = this.#aiCopy;
    if (!copy) {
      const template = await client.templates.create({ ...draft });
      this.#aiCopy = { id: template.id, content: draft };
      this.#set({ conversation: { templateId: template.id, turns: this.#state.conversation.turns } });
      return template.id;
    }
    if (!draftsEqual(copy.content, draft)) {
      await client.templates.update(copy.id, { ...draft, publish: false });
      this.#aiCopy = { id: copy.id, content: draft };
    }
    return copy.id;
  }

  /** Whether a proposal was made on the builder's own template (rather than a draft's working copy). */
  #onOwnTemplate(proposal: AiProposal): boolean {
    return proposal.templateId === this.options.templateId;
  }

  /** Takes the AI's version into the draft (on the builder's template, it is already saved as a version). */
  acceptAI(): void {
    const ai = this.#state.ai;
    if (ai.state !== 'review') return;
    const { proposal } = ai;
    this.#set({ ai: { state: 'idle' }, ...(this.#onOwnTemplate(proposal) ? { saved: proposal.after } : {}) });
    this.change(proposal.after, 'ai');
  }

  /**
   * Leaves the draft as it was. The AI's version stays in the history; when it had been published, the version
   * published before it is published again, so that reports do not use a change the person turned down. (A draft
   * the host holds only stays as it was: its working copy is no one's published template.)
   */
  async rejectAI(): Promise<void> {
    const ai = this.#state.ai;
    if (ai.state !== 'review') return;
    const { proposal } = ai;
    if (!this.#onOwnTemplate(proposal)) {
      this.#set({ ai: { state: 'idle' } });
      return;
    }
    // Quire's latest version is now the AI's: the draft differs from it, so saving or publishing makes a new
    // version from the draft rather than publishing the AI's.
    this.#set({ ai: { state: 'idle' }, saved: proposal.after });
    if (!proposal.published || proposal.previousPublished === proposal.version) return;
    try {
      const { client, id } = this.#server('ai');
      const template = await client.templates.publish(id, proposal.previousPublished);
      this.#set({ template: metaOf(template) });
    } catch (error) {
      throw this.#report(error, 'ai');
    }
  }

  // --- the api -------------------------------------------------------------------------------------------------

  /** Runs a call now when the builder is ready, else when it becomes ready (in the order the calls were made). */
  #whenReady<T>(run: () => T | Promise<T>): Promise<T> {
    if (this.#readyFired) {
      try {
        return Promise.resolve(run());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run: async () => run(), resolve: resolve as (value: unknown) => void, reject });
    });
  }

  #createApi(): BuilderApi {
    const parseDraft = (input: TemplateDraftInput | Partial<TemplateDraft>, merge: boolean): TemplateDraft =>
      merge ? TemplateContent.parse({ ...this.#state.draft, ...input }) : draftOf(input as TemplateDraftInput);
    return {
      getDraft: () => this.#state.draft,
      setDraft: (draft, options) =>
        this.#whenReady(() => this.change(parseDraft(draft, options?.merge ?? false), 'api')),
      setSampleData: (data) => this.#whenReady(() => this.change({ sample_data: { ...data } }, 'api')),
      insertVariable: (path) => this.#whenReady(() => this.insertVariable(path)),
      save: () => this.#whenReady(() => this.save()),
      publish: () => this.#whenReady(() => this.publish()),
      undo: () => this.#whenReady(() => this.undo()),
      redo: () => this.#whenReady(() => this.redo()),
      render: (format) => this.#whenReady(() => this.render(format)),
      askAI: (prompt) => this.#whenReady(() => this.askAI(prompt)),
      setMode: (mode) => this.#whenReady(() => this.setMode(mode)),
    };
  }
}
