import { type CheckResult, check, type RenderOptions, type RenderResult, renderReport } from '@quire/render';

/**
 * What previews and checks need of the report engine; a render pool can stand in for the in-process one. `teamId`
 * is the team that asks: the service queues and bounds its renders by the team's plan.
 */
export interface TemplateRenderer {
  render(options: RenderOptions, teamId?: string): Promise<RenderResult>;
  check(options: RenderOptions, teamId?: string): Promise<CheckResult>;
}

/** @quire/render in this process, with its bundled fonts and no network access for images. */
export const inProcessRenderer: TemplateRenderer = {
  render: (options) => renderReport(options),
  check: (options) => check(options),
};
