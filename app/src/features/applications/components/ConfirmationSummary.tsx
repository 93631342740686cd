/**
 * The top of a submitted application's confirmation: the request's code and «¿Qué sigue?». The
 * confirmation page draws them, and so does ConfirmationFrame while the page's code is on its way (in
 * the first bundle: the application and its request are asked for with it, and «¿Qué sigue?» is the
 * page's largest text on a phone). Only components whose styles the first paint has.
 */
import { Card, List, Text, Title } from '@mantine/core';
import { FORMALIZATION_FORM } from '@portal/api-contract';
import type { Application } from '../../../api/applications';
import type { CitizenRequestDetail } from '../../../api/requests';

/** The request's code, in the green card that says it was sent. */
export function ConfirmationHead({ app }: { app: Application }) {
  return (
    <Card withBorder bg="green.0" p="xl" role="status">
      <Title order={1} size="h2">Solicitud enviada</Title>
      <Text mt="xs">{app.service_name}</Text>
      <Text mt="sm">Su código de solicitud es</Text>
      <Text fz={28} fw={700} data-testid="codigo-solicitud">{app.request_code}</Text>
      <Text size="sm" mt="xs">Guárdelo: lo necesitará para dar seguimiento y para pagar.</Text>
    </Card>
  );
}

/**
 * Whether «¿Qué sigue?» waits for the request: an online service's first step (paying) is there only when the
 * service charges. A formalization's steps are the same for every request (what each institution charges, and
 * the DGII's proof of payment, are said in the charges below), so they are drawn as soon as the application
 * is in: they are the page's largest text on a phone, and its first paint on a slow network.
 */
export function whatNextWaitsForRequest(form: string): boolean {
  return form !== FORMALIZATION_FORM;
}

/** «¿Qué sigue?»: paying, the review, the notices. `request`: undefined while it loads (a formalization) or when it could not be read. */
export function WhatNext({ form, app, request }: { form: string; app: Application; request: CitizenRequestDetail | undefined }) {
  const charges = request !== undefined && request.items.length > 0;
  return (
    <section aria-labelledby="que-sigue">
      <Title order={2} size="h3" id="que-sigue">¿Qué sigue?</Title>
      {form === FORMALIZATION_FORM ? (
        <List type="ordered" spacing="xs" mt="sm">
          <List.Item>
            Pague los cargos de su solicitud (abajo) con «Pagar lo pendiente»: cada institución cobra su parte, y puede pagarla con tarjeta o por
            transferencia o depósito con un número de autorización.
          </List.Item>
          <List.Item>Con los pagos completos, la Ventanilla Única de Formalización (VUF) revisará su solicitud y sus documentos; el estado pasará a «En revisión».</List.Item>
          <List.Item>Le avisaremos en sus notificaciones y por correo electrónico de cada cambio y si hace falta alguna corrección.</List.Item>
        </List>
      ) : (
        <List type="ordered" spacing="xs" mt="sm">
          {charges && <List.Item>Pague el cargo de su solicitud (abajo) con «Pagar lo pendiente».</List.Item>}
          <List.Item>La institución revisará su solicitud de «{app.service_name}» y sus documentos; el estado pasará a «En revisión».</List.Item>
          <List.Item>Le avisaremos en sus notificaciones y por correo electrónico de cada cambio y si hace falta alguna corrección.</List.Item>
        </List>
      )}
    </section>
  );
}
