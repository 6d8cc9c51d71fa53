import { PageSetup, type PageSetupInput, pageRoomMessage, pageRoomProblem, QuireError } from '@quire/core';

/**
 * A page setup whose margins leave less than a CSS pixel of room prints nothing, or a line a page over dozens of
 * pages: it is refused before any engine lays it out, saying which margins to make smaller (the API refuses to save
 * such a template; one saved before it did, or given inline, is stopped here). Its own module: the browser entry
 * checks it too, without the pdfmake converter that pdf/document.ts brings.
 */
export function assertPageArea(input: PageSetupInput | undefined): void {
  const problem = pageRoomProblem(PageSetup.parse(input ?? {}));
  if (problem) throw new QuireError('validation_failed', { param: 'page.margins', message: pageRoomMessage(problem) });
}
