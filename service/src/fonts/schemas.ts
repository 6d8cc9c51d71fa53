import { z } from 'zod';
import { FACES, FAMILY_NAME_MAX } from './model';

/** POST /v1/fonts: one face of a family, as base64 in JSON (the API takes JSON bodies only). */
export const UploadFontBody = z
  .object({
    family: z
      .string()
      .min(1)
      .max(FAMILY_NAME_MAX * 2)
      .describe(
        'The family name templates use in CSS `font-family` (e.g. "Brand Sans"): letters, digits, spaces, "-", ' +
          '"_" and ".", at most 64 characters; matched without regard to case. CSS keywords and the Noto families ' +
          'Quire ships are refused.',
      ),
    face: z
      .enum(FACES)
      .default('normal')
      .describe('Which face these bytes are (default normal); a family needs its normal face first'),
    data: z.string().min(1).describe('The TrueType, OpenType or WOFF file, base64-encoded (`base64 -w0 font.ttf`)'),
  })
  .strict();
export type UploadFontBody = z.infer<typeof UploadFontBody>;
