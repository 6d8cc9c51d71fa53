import type { AiReport, AiStage, CheckFinding, RenderWarning, Template } from '@quire/client';
import type { TemplateContent, TemplateContentInput } from '@quire/core';
import type { BuilderError } from '../errors/builder-error';

/** What the builder edits: everything a template version holds (HTML, CSS, header, footer, page, sample data…). */
export type TemplateDraft = TemplateContent;
/** A draft as hosts may give it: fields left out take their defaults (A4, empty CSS, no sample data…). */
export type TemplateDraftInput = TemplateContentInput;

/** The parts of a draft that are Liquid sources, each with its own editor in Boss Mode. */
export type SourcePart = 'html' | 'css' | 'header_html' | 'footer_html';
export const SOURCE_PARTS: readonly SourcePart[] = ['html', 'css', 'header_html', 'footer_html'];

export type BuilderMode = 'easy' | 'boss';

/** Where a change came from, as `onChange` reports it. */
export type ChangeSource =
  /** Typing or clicking in the builder. */
  | 'edit'
  /** A call on the api (`setDraft`, `setSampleData`, `insertVariable`). */
  | 'api'
  /** Accepting an AI proposal. */
  | 'ai'
  | 'undo'
  | 'redo'
  /** Loaded from, or saved to, Quire (the template of `templateId`, a restored version). */
  | 'server';

export interface ChangeInfo {
  source: ChangeSource;
  /** The fields that changed. */
  fields: (keyof TemplateDraft)[];
}

/** What the person using the builder may do. Everything is allowed unless the host says otherwise. */
export interface Permissions {
  save: boolean;
  publish: boolean;
  /** Boss Mode and the code editors. */
  editCode: boolean;
  ai: boolean;
  /** Changing the sample data. */
  editData: boolean;
}

export type PreviewFormat = 'html' | 'pdf';

/** Parts of the builder the host turns on or off. */
export interface Features {
  ai: boolean;
  versions: boolean;
  starters: boolean;
  pdfPreview: boolean;
  /** The preview formats offered, in order; the first is shown first. */
  formats: PreviewFormat[];
}

export const DEFAULT_PERMISSIONS: Permissions = {
  save: true,
  publish: true,
  editCode: true,
  ai: true,
  editData: true,
};

export const DEFAULT_FEATURES: Features = {
  ai: true,
  versions: true,
  starters: true,
  pdfPreview: true,
  formats: ['html', 'pdf'],
};

/** What `onRender` reports for each preview or `render()` call. */
export interface RenderInfo {
  format: PreviewFormat;
  /** Milliseconds the render took. */
  ms: number;
  /** Pages of a PDF; null for HTML. */
  pages: number | null;
  warnings: RenderWarning[];
}

/** The answer of `api.render()`: the render's figures and its output. */
export type RenderOutput =
  | (RenderInfo & { format: 'html'; html: string })
  | (RenderInfo & { format: 'pdf'; bytes: Uint8Array });

export interface SaveResult {
  draft: TemplateDraft;
  /** The template after the save, when the builder is backed by Quire (`templateId`). */
  template: Template | null;
  /** The version the save made, when backed by Quire. */
  version: number | null;
}

export interface PublishResult {
  template: Template;
  version: number;
}

/** An AI change waiting to be accepted or rejected. */
export interface AiProposal {
  prompt: string;
  /** What the AI answered, in words. */
  reply: string;
  /** The draft before the AI's change, and the AI's version of it. */
  before: TemplateDraft;
  after: TemplateDraft;
  /** The version the AI saved, and whether it was published (false when serious findings remained). */
  version: number;
  published: boolean;
  /** The version that was published before the AI's turn, to go back to on reject. */
  previousPublished: number;
  /** What the service checked and what it did not do, as the AI chat lists it. */
  report: AiReport;
  /** The id of the AI's message in the template's conversation. */
  messageId: string;
  /**
   * The template in Quire the turn was made on: the builder's (`templateId`), or, for a draft the host holds, the
   * working copy the builder keeps in Quire for the AI's conversation.
   */
  templateId: string;
}

export type AiStatus =
  | { state: 'idle' }
  | {
      state: 'working';
      prompt: string;
      /** The stage the AI is at (writing, checking, repairing, done), null before the first. */
      stage: string | null;
      /** Every stage reached so far, with the repair round. */
      stages?: { stage: AiStage; round?: number | undefined }[];
      text: string;
    }
  | { state: 'review'; proposal: AiProposal };

/** Where Boss Mode opens: a part of the draft, and a line and column in it (both from 1). */
export interface SourceLocation {
  part: SourcePart;
  line: number;
  column: number;
}

/** The builder's API: the ref of `<TemplateBuilder>`, the argument of `onReady`, `useTemplateBuilder().api`. */
export interface BuilderApi {
  getDraft(): TemplateDraft;
  /** Replaces the draft (fields left out keep their defaults) or, with `merge: true`, only the fields given. */
  setDraft(draft: TemplateDraftInput | Partial<TemplateDraft>, options?: { merge?: boolean }): Promise<void>;
  setSampleData(data: Record<string, unknown>): Promise<void>;
  /** Inserts `{{ path }}` at the cursor of the editor last used (or at the end of the body). */
  insertVariable(path: string): Promise<void>;
  save(): Promise<SaveResult>;
  publish(): Promise<PublishResult>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  render(format: PreviewFormat): Promise<RenderOutput>;
  /** Asks the AI to change the template; the change waits in a diff to be accepted or rejected. */
  askAI(prompt: string): Promise<AiProposal>;
  setMode(mode: BuilderMode): Promise<void>;
}

/** Problems found in the draft, for lint marks and the data panel. */
export interface DraftFinding {
  part: SourcePart;
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
  code: string;
  /** The data path the finding is about. */
  path?: string;
}

export type { BuilderError, CheckFinding };
