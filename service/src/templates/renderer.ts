import { type CheckResult, check, type RenderOptions, type RenderResult, renderReport } from '@quire/render';

/** What previews and checks need of the report engine; a render pool can stand in for the in-process one. */
export interface TemplateRenderer {
  render(options: RenderOptions): Promise<RenderResult>;
  check(options: RenderOptions): Promise<CheckResult>;
}

/** @quire/render in this process, with its bundled fonts and no network access for images. */
export const inProcessRenderer: TemplateRenderer = {
  render: (options) => renderReport(options),
  check: (options) => check(options),
};
