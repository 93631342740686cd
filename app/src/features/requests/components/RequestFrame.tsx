/**
 * A request's page before its code has arrived. The request itself is asked for with the first bundle
 * (AppRoutes.preloadPage) and on a phone arrives first: once it is there, the top of the page is drawn
 * from it as the page will draw it (RequestOverview: the header, the timeline and the charges, the
 * page's largest text), with a loader below for the rest. The page then takes its place without anything
 * moving. A request with an open request for an action (the page's callout, with its answer box) shows
 * only its header here: the callout and what follows come with the page, below what was drawn.
 *
 * What is drawn here is inert and hidden from assistive technology, like the loader's neighbours in an
 * application's frame: it is replaced as soon as the page arrives, and focus or a screen reader's place
 * inside it would be lost then. The loader says the request is loading.
 */
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { isRequestId, useRequest } from '../../../api/requests';
import { DrawnBeforeCode } from '../../../components/DrawnBeforeCode';
import { RequestHeader, RequestOverview } from './RequestOverview';

/** `waiting`: what shows until the request is there (the routes' progress bar). */
export function RequestFrame({ waiting }: { waiting: ReactNode }) {
  const { id } = useParams<{ id: string }>();
  const valid = isRequestId(id);
  const { data: request } = useRequest(id, valid);
  if (!request) return waiting;
  return (
    <DrawnBeforeCode loading="Cargando la solicitud">
      {request.pending_action ? <RequestHeader request={request} /> : <RequestOverview request={request} />}
    </DrawnBeforeCode>
  );
}
