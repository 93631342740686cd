/**
 * A confirmation before its page's code has arrived. The application and its request are asked for with
 * the first bundle (AppRoutes.preloadPage) and on a phone arrive first: once the request is there (or
 * could not be read), the request's code and «¿Qué sigue?» are drawn as the page will draw them
 * (ConfirmationSummary), with a loader below for the charges and links; before, the code alone, as the
 * page shows it while the request loads. The page then takes its place without anything moving.
 *
 * Inert and hidden from assistive technology, like a step's preview: it is replaced as soon as the page
 * arrives. The loader says the page is loading.
 */
import type { ReactNode } from 'react';
import { useApplication } from '../../../api/applications';
import { useRequest } from '../../../api/requests';
import { DrawnBeforeCode } from '../../../components/DrawnBeforeCode';
import { useFormRoute } from '../useFormRoute';
import { ConfirmationHead, WhatNext } from './ConfirmationSummary';

/** `waiting`: what shows until a submitted application is there (the routes' progress bar). */
export function ConfirmationFrame({ waiting }: { waiting: ReactNode }) {
  const route = useFormRoute();
  const { data: app } = useApplication(route.form, route.id);
  const submitted = !!app?.request_code;
  const { data: request, error: requestError } = useRequest(route.id, submitted);
  if (!app || !submitted) return waiting;
  const requestSettled = request !== undefined || requestError !== undefined;
  return (
    <DrawnBeforeCode loading="Cargando">
      <ConfirmationHead app={app} />
      {requestSettled && <WhatNext form={route.form} app={app} request={request} />}
    </DrawnBeforeCode>
  );
}
