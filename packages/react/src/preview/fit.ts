/**
 * Shows a page wider than its frame smaller (fit to width), as a PDF viewer would, rather than cut off; and gives
 * the frame's surround the theme's preview background (the frame is another document: the theme's variables do not
 * reach it). For the frames of the HTML preview and Easy Mode's preview, after each load and resize.
 */
export function fitSheetToFrame(element: HTMLIFrameElement | null): void {
  const doc = element?.contentDocument;
  const sheet = doc?.querySelector<HTMLElement>('.quire-sheet');
  if (!element || !doc || !sheet) return;
  const surround = getComputedStyle(element).getPropertyValue('--quire-preview-bg').trim();
  if (surround) doc.documentElement.style.background = surround;
  doc.documentElement.style.zoom = '1';
  const natural = sheet.offsetWidth + 32;
  const scale = Math.min(1, element.clientWidth / natural);
  doc.documentElement.style.zoom = scale < 1 ? String(scale) : '';
}
