import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PropertyImageSchema } from '../../../domain/schemas/property-view.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest } from '../../http/errors.ts';
import { binaryResponse, PUBLIC_ACCESS } from '../../http/openapi.ts';
import { IMAGE_UPLOAD_LIMITS, imageTooLarge } from '../../platform/images/process-image.ts';
import { STORED_OBJECT_CACHE_CONTROL } from '../../platform/storage/s3-storage.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  deletePropertyImage,
  PROPERTY_IMAGE_MESSAGES,
  readStoredImage,
  reorderPropertyImages,
  uploadPropertyImage,
} from './property-image.service.ts';

const PropertyParams = z.object({ id: z.uuid('Property not found') });
const ImageParams = PropertyParams.extend({ imageId: z.uuid(PROPERTY_IMAGE_MESSAGES.imageNotFound) });
const ImageOrderSchema = z.object({
  imageIds: z.array(z.uuid(PROPERTY_IMAGE_MESSAGES.imageNotFound)).max(100),
});
/**
 * For the API docs only: the multipart parser leaves request.body null and the handler streams the part,
 * so validation accepts anything here while the docs show the form field.
 */
const UploadBodySchema = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'One JPEG, PNG or WebP image of at most 10 MB' },
  },
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Reads the one `file` part of a multipart request, turning the parser's limit errors into our messages. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') return null;
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please upload one image per request');
    throw error;
  }
}

export async function registerPropertyImageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: IMAGE_UPLOAD_LIMITS,
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['property images'];

    api.post(
      '/api/properties/:id/images',
      {
        schema: {
          tags,
          summary: `Upload one photo to your listing (multipart field "file"; JPEG, PNG or WebP, at most 10 MB). It is re-encoded to WebP without EXIF/GPS and appended last.`,
          consumes: ['multipart/form-data'],
          params: PropertyParams,
          body: UploadBodySchema,
          response: { 201: PropertyImageSchema, ...errors, 413: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const image = await uploadPropertyImage(
          deps,
          await deps.currentUser(request),
          request.params.id,
          () => readUploadedFile(request),
        );
        return reply.status(201).send(image);
      },
    );

    api.delete(
      '/api/properties/:id/images/:imageId',
      {
        schema: {
          tags,
          summary: 'Remove a photo from your listing (its files too)',
          params: ImageParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { id, imageId } = request.params;
        await deletePropertyImage(deps, await deps.currentUser(request), id, imageId);
        return reply.status(204).send(null);
      },
    );

    api.put(
      '/api/properties/:id/images/order',
      {
        schema: {
          tags,
          summary: 'Reorder your listing’s photos: every image id once, the first becomes the cover',
          params: PropertyParams,
          body: ImageOrderSchema,
          response: { 200: z.array(PropertyImageSchema), ...errors },
        },
      },
      async (request) =>
        reorderPropertyImages(
          deps,
          await deps.currentUser(request),
          request.params.id,
          request.body.imageIds,
        ),
    );

    api.get(
      '/api/images/*',
      {
        schema: {
          tags,
          summary: 'A stored photo (display or thumbnail rendition), cacheable for an hour',
          security: PUBLIC_ACCESS,
          params: z.object({
            '*': z.string().describe('The storage key, e.g. properties/<id>/<imageId>-thumb.webp'),
          }),
          response: {
            200: binaryResponse('The image bytes (image/webp for uploaded photos)', 'image/*'),
            404: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const object = await readStoredImage(deps.storage, request.params['*']);
        reply
          .header('content-type', object.contentType)
          .header('cache-control', STORED_OBJECT_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff');
        if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
        return reply.send(object.body);
      },
    );
  });
}
