import { checkTemplate } from './check-template';
import { createTemplate } from './create-template';
import { generateReport } from './generate-report';
import { generateTemplate } from './generate-template';
import { getReport } from './get-report';
import { getTemplate } from './get-template';
import { getUsage } from './get-usage';
import { listDataSources } from './list-data-sources';
import { listFonts } from './list-fonts';
import { listReports } from './list-reports';
import { listStarters } from './list-starters';
import { listTemplates } from './list-templates';
import { previewTemplate } from './preview-template';
import { refineTemplate } from './refine-template';
import type { QuireTool } from './tool';
import { updateTemplate } from './update-template';

/** Every tool, in the order tools/list shows them: find, design, check, render. */
export const TOOLS = [
  listStarters,
  listTemplates,
  getTemplate,
  createTemplate,
  updateTemplate,
  generateTemplate,
  refineTemplate,
  checkTemplate,
  previewTemplate,
  generateReport,
  listReports,
  getReport,
  listDataSources,
  listFonts,
  getUsage,
] as const satisfies readonly QuireTool[];

export type ToolName = (typeof TOOLS)[number]['name'];

/** The tools' names: what the `tools` allow-list (and `--tools`) takes. */
export const TOOL_NAMES: readonly ToolName[] = TOOLS.map((tool) => tool.name);
