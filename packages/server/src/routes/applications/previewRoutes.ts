/**
 * GET /v1/portals/previewformulary/{id}/show: the form of an online service
 * (catalogue id) read before starting it, for PREVIEW. Public, like the
 * catalogue: anyone may see what a service will ask. The outline is the
 * engine's (formPreview), from the same schema file the application runs.
 */
import type { FastifyInstance } from 'fastify';
import { formPreview } from '@portal/form-engine';
import { formPreviewSchema } from '@portal/api-contract';
import { errorSchema, publicSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { currentForm } from '../../services/applications/onlineForms';
import { serviceFormById } from '../../services/catalogue/catalogueStore';

const NO_FORM = 'Este servicio no tiene formulario en línea';

const previewSchema = {
  tags: ['Solicitudes en línea'],
  security: publicSecurity,
  operationId: 'getOnlineServiceFormPreview',
  summary: 'Formulario de un servicio en línea, para leerlo antes de comenzar (PREVIEW)',
  description: 'Secciones, cuadrículas y preguntas del formulario del servicio (id del catálogo), con el tipo de respuesta, si es obligatoria y cuándo se muestra cada parte condicional. 404 si el servicio no existe o no se solicita en línea en el portal.',
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
  response: { 200: { type: 'object', properties: { data: formPreviewSchema }, required: ['data'] }, 404: errorSchema },
} as const;

export async function previewRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<SchemaTypeProvider>().get('/portals/previewformulary/:id/show', { schema: previewSchema }, async (request, reply) => {
    const service = await serviceFormById(app.db, request.params.id);
    const schema = service?.formulario ? (await currentForm(app.db, service.formulario))?.schema : null;
    if (!service || !schema) throw new HttpError(404, NO_FORM);
    // The same for everyone; it changes with a publication or an import (a few minutes late at most).
    void reply.header('cache-control', 'public, max-age=300');
    return { data: { service: { id: service.id, slug: service.slug, name: service.nombre }, form: service.formulario as string, ...formPreview(schema) } };
  });
}
