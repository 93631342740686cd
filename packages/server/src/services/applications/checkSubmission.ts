/**
 * What the server checks and stores when a citizen submits an application of
 * any online service: the browser's word is never trusted. Hidden values are dropped; every value a lookup fills
 * (names from the JCE for each cédula, the certificate's holder and expiry from
 * ONAPI) is taken from the registry through the schema's `x-lookup`
 * declarations, run by the engine as in the browser; then the same engine and
 * schema validate, and documents and list values are checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prune, runLookups, todayInDominicanRepublic, withLookupFills, type FormSchema } from '@portal/form-engine';
import type { FieldError } from '../../http/HttpError';
import { fileFieldTypes, verdict } from './onlineForms';
import { lookupAnswers, listAnswers } from './ownRouteAnswers';
import { remoteChecks } from './remoteChecks';
import { sourceChecks, sourceFields } from './sourceChecks';

export interface CheckedSubmission {
  /** What is stored: pruned, with the registries' values in place of the browser's. */
  data: Record<string, unknown>;
  /** The engine's errors first, then the remote ones (one per path). */
  errors: FieldError[];
}

/** Checks a draft of `schema`'s online service as submitted by `citizenId` (the lookups ask with the caller's session). */
export async function checkSubmission(app: FastifyInstance, request: FastifyRequest, schema: FormSchema, citizenId: number, draft: unknown): Promise<CheckedSubmission> {
  const today = todayInDominicanRepublic();
  const sent = prune(schema, draft, { today });
  const lookups = await runLookups(schema, sent, lookupAnswers(app, request), { today });
  // The registries' values are validated too: an expired certificate's own date refuses it.
  const { pruned, errors } = verdict(schema, withLookupFills(sent, lookups), today);
  const errored = new Set(errors.map((e) => e.path));
  const remote: FieldError[] = [
    ...lookups.flatMap((l) => (l.valid || l.error === null ? [] : [{ path: l.path, message: l.error }])),
    ...(await remoteChecks(pruned, app.db, citizenId, fileFieldTypes(schema))),
    ...(await sourceChecks(pruned, sourceFields(schema), listAnswers(app))),
  ];
  for (const e of remote) {
    if (errored.has(e.path)) continue;
    errored.add(e.path);
    errors.push(e);
  }
  return { data: pruned, errors };
}
