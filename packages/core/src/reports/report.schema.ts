import { z } from 'zod';
import { Timestamp } from '../templates/template.schema';

export const ReportFormat = z.enum(['pdf', 'html', 'email']);
export type ReportFormat = z.infer<typeof ReportFormat>;

export const ReportStatus = z.enum(['queued', 'rendering', 'succeeded', 'failed']);
export type ReportStatus = z.infer<typeof ReportStatus>;

/** Milliseconds spent in each phase of a render. */
export const ReportTimings = z
  .object({
    queue_ms: z.number().nonnegative().optional(),
    template_ms: z.number().nonnegative().describe('Liquid rendering'),
    layout_ms: z.number().nonnegative().describe('HTML to document conversion'),
    output_ms: z.number().nonnegative().describe('PDF, HTML or email serialisation'),
    total_ms: z.number().nonnegative(),
  })
  .strict();
export type ReportTimings = z.infer<typeof ReportTimings>;

/** Something the engine ignored or could not do, without failing the report. */
export const RenderWarning = z
  .object({
    code: z.string(),
    message: z.string(),
    line: z.number().int().positive().optional(),
    column: z.number().int().positive().optional(),
  })
  .strict();
export type RenderWarning = z.infer<typeof RenderWarning>;

export const Report = z
  .object({
    id: z.string(),
    team_id: z.string(),
    template_id: z.string(),
    template_version: z.number().int().positive(),
    format: ReportFormat,
    status: ReportStatus,
    filename: z.string(),
    content_type: z.string().nullable(),
    bytes: z.number().int().nonnegative().nullable(),
    pages: z.number().int().nonnegative().nullable().describe('Null for HTML and email'),
    timings: ReportTimings.nullable(),
    warnings: z.array(RenderWarning).default([]),
    error: z.object({ code: z.string(), message: z.string() }).strict().nullable().default(null),
    metadata: z.record(z.string(), z.string().max(500)).default({}),
    created_at: Timestamp,
    completed_at: Timestamp.nullable(),
  })
  .strict();
export type Report = z.infer<typeof Report>;
