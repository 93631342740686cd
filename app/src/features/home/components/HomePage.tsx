import { Suspense, type ReactNode } from 'react';
import { Anchor, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { registroUnicoHref, useShellConfig } from '../../../api/shellConfig';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { openModal } from '../../../modals/modalStore';
import { FeaturedServices } from './FeaturedServices';
import { HowItWorks } from './HowItWorks';
import { InterestLinks } from './InterestLinks';
import { Deferred } from '../../../components/Deferred';
import { PendingActions } from './PendingActions';
import { PortalStatistics } from './PortalStatistics';
import { ServiceSearch } from './ServiceSearch';
import { useHomeSummary } from '../api/useHomeSummary';

export interface HomePageProps {
  /** What a signed-in citizen sees below their pending actions (the app layer passes their requests and the formalization start; it may suspend while its code loads). Required. */
  signedIn: ReactNode;
  /** The login form for an anonymous visitor (the app layer passes it). Required. */
  anonymous: ReactNode;
}

/**
 * Below a citizen's greeting: their pending actions, their requests (`lists`, from the app layer)
 * and the links of interest, drawn once both lists have answered, with a loader until then. Drawn
 * as each part arrived, the parts pushed each other down the screen (the links often come first):
 * layout shifts of 0.10–0.15 at 390 px.
 */
function CitizenSummary({ lists }: { lists: ReactNode }) {
  if (!useHomeSummary().settled) return <Loader role="progressbar" aria-label="Cargando sus solicitudes" />;
  return (
    <>
      <PendingActions />
      {/* The requests' code may arrive after their data: one boundary reveals them with the links below. */}
      <Suspense fallback={null}>
        {lists}
        <InterestLinks />
      </Suspense>
    </>
  );
}

/**
 * Inicio. An anonymous visitor: the service search, featured services, how
 * formalization works and the login. A citizen: their pending actions, then
 * the formalization start and their requests. The login form and the
 * requests come from other features, so the app layer composes them.
 */
export function HomePage({ signedIn, anonymous }: HomePageProps) {
  const session = useSession();
  const registroHref = registroUnicoHref(useShellConfig());
  if (session) {
    return (
      <Stack gap="xl">
        <div>
          <Title order={1}>Hola, {session.nombres}</Title>
          <Text mt="xs">Desde aquí continúa sus solicitudes, sus pagos y sus trámites con el Gobierno.</Text>
        </div>
        <CitizenSummary lists={signedIn} />
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <div className="home-hero">
        <Title order={1}>Trámites del Gobierno dominicano, en línea</Title>
        <Text mt="xs" mb="md" size="lg">Busque un servicio, inicie su solicitud y siga su estado sin hacer filas.</Text>
        <ServiceSearch />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <FeaturedServices
          formalizationHref={paths.login.href(paths.myRequests.href())}
          // A visitor is asked to log in or register (SERVICE_APPLY), then goes on to start the request in «Mis solicitudes».
          onFormalizationStart={() => openModal('SERVICE_APPLY', { data: { service: 'Formalización de empresas', returnTo: paths.myRequests.href() } })}
        />
        <Card withBorder padding="lg" component="section" aria-labelledby="login-title">
          {anonymous}
          {registroHref !== null && (
            <Text size="sm" mt="md">
              ¿Prefiere una sola cuenta para los servicios del Estado? <Anchor href={registroHref} rel="noopener">Regístrese en el registro único de cuenta</Anchor>; al terminar volverá a este portal.
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <Deferred>
        <HowItWorks />
        <PortalStatistics />
        <InterestLinks />
      </Deferred>
    </Stack>
  );
}
