import { getStarter, type Starter } from '@quire/core';
import type { TemplateDraftInput } from '@quire/react';
import { VISITOR_BUILDER } from '../../content/builder';

/** This tab's draft: it survives a reload and the trip to the sign-up page, and no more. */
const STORAGE_KEY = 'quire-visitor-draft';

/** A starter's content as a draft (everything but its id). */
export function draftOfStarter(starter: Starter): TemplateDraftInput {
  const { id: _id, ...content } = starter;
  return content;
}

export function startingDraft(): TemplateDraftInput {
  const starter = getStarter(VISITOR_BUILDER.startingStarter);
  if (!starter) throw new Error(`No starter ${VISITOR_BUILDER.startingStarter}`);
  return draftOfStarter(starter);
}

export function loadVisitorDraft(): TemplateDraftInput {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as TemplateDraftInput;
  } catch {
    // Storage off or the value unreadable: start again.
  }
  return startingDraft();
}

export function keepVisitorDraft(draft: TemplateDraftInput): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage off or full: the draft lives as long as the page.
  }
}
