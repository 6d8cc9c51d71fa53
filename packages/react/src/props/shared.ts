import { z } from 'zod';
import { en } from '../i18n/messages';

const messageKeys = Object.keys(en) as [keyof typeof en, ...(keyof typeof en)[]];

const isElement = (value: unknown): value is HTMLElement =>
  typeof HTMLElement !== 'undefined' && value instanceof HTMLElement;

/** The UI settings the provider and every top-level component take. */
export const uiSettingsShape = {
  theme: z.enum(['light', 'dark', 'system']).optional(),
  locale: z.string().min(2, 'Expected a BCP 47 language tag such as "en" or "de-CH"').optional(),
  messages: z.partialRecord(z.enum(messageKeys), z.string()).optional(),
  portalContainer: z
    .custom<HTMLElement | null>((value) => value === null || isElement(value), {
      message: 'Expected a DOM element (or null) to portal menus and dialogs into',
    })
    .optional(),
};
