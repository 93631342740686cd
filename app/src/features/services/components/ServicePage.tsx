import { FORMALIZATION_FORM } from '@portal/api-contract';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { localReturnTo, paths } from '../../../config/paths';
import { errorMessage, statusOf } from '../../../lib/apiError';
import { usePageTitle } from '../../../lib/pageTitle';
import { useSession } from '../../../lib/session';
import { openModal } from '../../../modals/modalStore';
import { SlugErrorMessage } from '../../../modals/contents/SlugErrorContent';
import { useService, type CatalogueServiceDetail } from '../api';
import { costLabel } from '../cost';
import { appliesOnline, SERVICE_LOADING, ServiceHeading, ServiceOverview } from './ServiceOverview';

const CHANNELS = { en_linea: 'En línea', presencial: 'Presencial', telefonico: 'Telefónico' } as const;
const TYPES = { informativo: 'Informativo', en_linea: 'En línea', presencial: 'Presencial' } as const;

/**
 * Where a signed-in citizen starts the service online: the formalization in
 * «Mis solicitudes» (where its applications have always started), any other
 * online service at its start page /en-linea/<form>; a service the portal
 * does not run, at the local page the catalogue names.
 */
export function onlineRoute(service: Pick<CatalogueServiceDetail, 'online_form' | 'apply_path'>): string {
  if (service.online_form === FORMALIZATION_FORM) return paths.myRequests.href();
  if (service.online_form) return paths.onlineStart.href(service.online_form);
  return localReturnTo(service.apply_path) ?? paths.myRequests.href();
}

function ServiceDetail({ service }: { service: CatalogueServiceDetail }) {
  const session = useSession();
  const online = appliesOnline(service);
  const target = onlineRoute(service);
  const facts: [string, string][] = [
    ['Costo', costLabel(service.cost)],
    ['Tiempo estimado', service.estimated_time],
    ['Canales', service.channels.map((c) => CHANNELS[c]).join(', ')],
    ['Tipo', TYPES[service.type]],
  ];
  return (
    <>
      <ServiceOverview service={service} />

      <Card withBorder padding="md" component="section" aria-labelledby="datos-servicio">
        <Title order={2} size="h4" id="datos-servicio" mb="xs">Datos del servicio</Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ margin: 0 }}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">{label}</Text>
              <Text component="dd" fw={700} m={0}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
        {!online && service.channels.includes('en_linea') && service.institution && (
          <Text mt="md">
            Este servicio se solicita en línea en el{' '}
            <Anchor href={service.institution.site} rel="noopener">sitio oficial de {service.institution.acronym}</Anchor>.
          </Text>
        )}
        {online && (
          <Group mt="md">
            {session ? (
              <Button component={Link} href={target}>Solicitar en línea</Button>
            ) : (
              <Button onClick={() => openModal('SERVICE_APPLY', { data: { service: service.name, returnTo: target } })}>Solicitar en línea</Button>
            )}
            {service.online_form && (
              <Button variant="default" onClick={() => openModal('PREVIEW', { data: { serviceId: service.id, startHref: session ? target : undefined } })}>
                Ver el formulario
              </Button>
            )}
          </Group>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <section aria-labelledby="requisitos">
          <Title order={2} size="h3" id="requisitos">Requisitos</Title>
          {service.requirements.length === 0 ? <Text mt="xs">Este servicio no tiene requisitos.</Text> : (
            <ul style={{ paddingLeft: '1.25rem' }}>
              {service.requirements.map((r) => <li key={r}><Text>{r}</Text></li>)}
            </ul>
          )}
        </section>
        <section aria-labelledby="pasos">
          <Title order={2} size="h3" id="pasos">Pasos</Title>
          {service.steps.length === 0 ? <Text mt="xs">Sin pasos publicados.</Text> : (
            <ol style={{ paddingLeft: '1.25rem' }}>
              {service.steps.map((s) => <li key={s}><Text>{s}</Text></li>)}
            </ol>
          )}
        </section>
      </SimpleGrid>

      <section aria-labelledby="en-persona">
        <Title order={2} size="h3" id="en-persona">Dónde hacerlo en persona</Title>
        {service.puntos_gob.length === 0 ? (
          <Text mt="xs">Este servicio no se ofrece en los Puntos GOB{service.institution ? `; consulte las oficinas de ${service.institution.acronym} en su sitio oficial` : ''}.</Text>
        ) : (
          <>
            <Text mt="xs">
              Se ofrece en {service.puntos_gob.length === 1 ? '1 Punto GOB' : `${service.puntos_gob.length} Puntos GOB`}.
            </Text>
            <Button mt="sm" variant="default" onClick={() => openModal('PUNTOSGOB_AVAILABILITY', { data: { service: service.name, puntosGob: service.puntos_gob } })}>
              Ver los Puntos GOB
            </Button>
          </>
        )}
      </section>

      <section aria-labelledby="quejas">
        <Title order={2} size="h3" id="quejas">¿Tuvo un problema con este servicio?</Title>
        <Text mt="xs">Presente una queja o reclamación: {service.institution ? service.institution.acronym : 'la institución'} le responderá en «Mis reclamos».</Text>
        {session ? (
          <Button mt="sm" variant="default" onClick={() => openModal('SERVICE_CLAIMS', { data: { service_slug: service.slug, service_name: service.name } })}>
            Presentar una queja o reclamación
          </Button>
        ) : (
          <Button mt="sm" variant="default" component={Link} href={paths.login.href(paths.service.href(service.slug))}>
            Inicie sesión para presentar una queja o reclamación
          </Button>
        )}
      </section>
    </>
  );
}

/**
 * /servicios/:slug: everything about one service (institution and its site,
 * area, description, cost in RD$, time, channels, requirements, steps), where
 * to do it in person (PUNTOSGOB_AVAILABILITY) and, for an online service,
 * "Solicitar en línea" (SERVICE_APPLY for an anonymous visitor). An address
 * whose slug the server does not know (404) says so once, with SLUG_ERROR's message as the page
 * (not a page and a dialog saying the same). The tab is named after the service.
 */
export function ServicePage() {
  const { slug } = useParams<{ slug: string }>();
  const { data, error, isValidating, mutate } = useService(slug);
  const missing = statusOf(error) === 404;
  const title = data?.name ?? (missing ? 'Servicio no encontrado' : null);
  usePageTitle(title);

  let body;
  if (data) body = <ServiceDetail service={data} />;
  else if (missing) body = <SlugErrorMessage slug={slug} onSuggest={() => openModal('SERVICE_RECOMENDED')} />;
  else if (error && !isValidating) {
    body = (
      <Alert color="red" title="No se pudo cargar el servicio">
        <Text size="sm">{errorMessage(error) ?? 'Intente de nuevo en unos momentos.'}</Text>
        <Button mt="sm" variant="default" onClick={() => void mutate()}>Intentar de nuevo</Button>
      </Alert>
    );
  } else body = <Loader role="progressbar" aria-label={SERVICE_LOADING} />;
  return (
    <Stack gap="lg">
      <ServiceHeading title={data?.name ?? (missing ? 'Servicio no encontrado' : 'Servicio')} />
      {body}
    </Stack>
  );
}
