/**
 * A confirmation before its page's code has arrived. The application and its request are asked for with
 * the first bundle (AppRoutes.preloadPage) and on a phone arrive first: the request's code and «¿Qué
 * sigue?» are drawn as the page will draw them (ConfirmationSummary), with a loader below for the charges
 * and links. «¿Qué sigue?» waits for the request only where the page's does (an online service's, whose
 * first step is there when the service charges). The page then takes its place without anything moving.
 *
 * Inert and hidden from assistive technology, like a step's preview: it is replaced as soon as the page
 * arrives. The loader says the page is loading.
 */
import type { ReactNode } from 'react';
import { useApplication } from '../../../api/applications';
import { useRequest } from '../../../api/requests';
import { DrawnBeforeCode } from '../../../components/DrawnBeforeCode';
import { useFormRoute } from '../useFormRoute';
import { ConfirmationHead, WhatNext, whatNextWaitsForRequest } from './ConfirmationSummary';

/** `waiting`: what shows until a submitted application is there (the routes' progress bar). */
export function ConfirmationFrame({ waiting }: { waiting: ReactNode }) {
  const route = useFormRoute();
  const { data: app } = useApplication(route.form, route.id);
  const submitted = !!app?.request_code;
  const { data: request, error: requestError } = useRequest(route.id, submitted);
  if (!app || !submitted) return waiting;
  const whatNextReady = request !== undefined || requestError !== undefined || !whatNextWaitsForRequest(route.form);
  return (
    <DrawnBeforeCode loading="Cargando">
      <ConfirmationHead app={app} />
      {whatNextReady && <WhatNext form={route.form} app={app} request={request} />}
    </DrawnBeforeCode>
  );
}
