import { z } from 'zod';
import { IMAGE_TYPES } from './enums';

/** POST /api/v1/attachments: the file's name travels in the query (the body is the file itself). */
export const uploadQuery = z.object({
  filename: z
    .string()
    .max(255, 'Use a file name of at most 255 characters')
    .optional()
    .describe('The file’s name: kept, made safe, as the image’s name and the alternative text of its Markdown (default: image).'),
});

export const attachmentParams = z.object({ id: z.uuid({ message: 'There is no such attachment.' }).describe('The image’s id.') });

/** An uploaded image, as its uploader gets it back. */
export const attachmentSchema = z
  .object({
    id: z.uuid(),
    /** The stored copy (metadata stripped). */
    url: z.string(),
    /** The web-sized copy pages show. */
    webUrl: z.string(),
    /** What to put in the text to show it: `![name](url)`. */
    markdown: z.string(),
    filename: z.string(),
    contentType: z.enum(IMAGE_TYPES),
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof attachmentSchema>;
