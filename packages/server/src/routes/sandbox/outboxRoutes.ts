import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../../http/commonSchemas';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';

const outboxSchema = {
  tags: ['Sandbox'],
  summary: 'Correos "enviados" (solo en modo sandbox): los 50 más recientes',
  querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 254 } } },
  response: {
    ...commonErrors,
    200: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              to: { type: 'string' },
              subject: { type: 'string' },
              body: { type: 'string' },
              createdAt: { type: 'string' },
            },
            required: ['id', 'to', 'subject', 'body', 'createdAt'],
          },
        },
      },
      required: ['data'],
    },
  },
} as const;

/** GET /v1/sandbox/outbox?to= — registered only when AGENCIES=sandbox. */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<SchemaTypeProvider>().get('/sandbox/outbox', { schema: outboxSchema }, async (request) => {
    const to = request.query.to?.trim().toLowerCase() ?? null;
    const { rows } = await app.db.query<{ id: number; to: string; subject: string; body: string; createdAt: string }>(
      `SELECT id, to_address AS "to", subject, body,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
         FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = $1::text)
        ORDER BY id DESC LIMIT 50`,
      [to === '' ? null : to],
    );
    return { data: rows };
  });
}
