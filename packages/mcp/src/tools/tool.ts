import type { ContentBlock, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Quire } from '@quire/client';
import type { z } from 'zod';
import type { Logger } from '../logger';

/** What a tool runs with: the client of the caller's team, a logger, the call's abort signal and its progress. */
export interface ToolContext {
  client: Quire;
  logger: Logger;
  /** Aborted when the MCP client cancels the call (or the connection goes). */
  signal: AbortSignal;
  /** Tells the MCP client how far a long call is, when it asked (a progressToken); does nothing otherwise. */
  progress(progress: number, message: string): Promise<void>;
}

/** A tool's answer: the structured content (its text copy is added for it), and any content after that. */
export interface ToolAnswer<Out> {
  structured: Out;
  /** Blocks after the JSON text copy: the rendered file as an embedded resource. */
  content?: ContentBlock[];
}

/**
 * The permissions of Quire's roles that the tools need (the service's roles table: owner, admin and editor have
 * them all; a member reads templates and makes reports; a viewer reads reports). GET /v1/team answers the ones the
 * caller has, and a server offers only the tools whose permissions the caller has all of.
 */
export type ToolPermission =
  | 'templates:read'
  | 'templates:write'
  | 'ai:use'
  | 'reports:read'
  | 'reports:create'
  | 'data_sources:read'
  | 'usage:read';

/** The four hints every tool states (none is left to the client's default). */
export type Hints = Required<
  Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>
>;

/**
 * One MCP tool: a snake_case verb_noun name, a description written for a model (when to use it, an example,
 * related tools), zod schemas of its input (every field described) and its structured output, and its hints.
 */
export interface QuireTool<
  In extends z.ZodRawShape = z.ZodRawShape,
  Out extends z.ZodRawShape = z.ZodRawShape,
  Name extends string = string,
> {
  name: Name;
  title: string;
  description: string;
  input: In;
  output: Out;
  annotations: Hints;
  /** What the caller must be allowed to do for the tool to be offered (all of them); none for public reads. */
  permissions: readonly ToolPermission[];
  run(args: z.output<z.ZodObject<In>>, context: ToolContext): Promise<ToolAnswer<z.output<z.ZodObject<Out>>>>;
}

/** Checks a tool's parts against each other (the run's arguments and answer against its schemas). */
export function defineTool<In extends z.ZodRawShape, Out extends z.ZodRawShape, const Name extends string>(
  tool: QuireTool<In, Out, Name>,
): QuireTool<In, Out, Name> {
  return tool;
}

/** Hints of a tool that only reads the team's things. */
export const READ_ONLY: Hints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
