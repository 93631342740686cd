/**
 * «Servicios» before its page's code has arrived: the heading and the page's introduction at once (the
 * largest text of the page on a phone, so the largest paint does not wait for the page's code), with a
 * loader below for the search, the filters and the results. The first page of results is asked for with
 * the first bundle (AppRoutes.preloadPage). The page draws the same CatalogueHeading in the same place,
 * so nothing moves when it takes the frame's place.
 */
import { Loader, Stack, Text, Title } from '@mantine/core';

/** The top of the catalogue, drawn by its frame and by its page. */
export function CatalogueHeading() {
  return (
    <div>
      <Title order={1}>Servicios</Title>
      <Text mt="xs">Busque entre los servicios de las instituciones del Estado dominicano: qué necesita, cuánto cuesta y dónde se hace.</Text>
    </div>
  );
}

export function CatalogueFrame() {
  return (
    <Stack gap="lg">
      <CatalogueHeading />
      <Loader role="progressbar" aria-label="Cargando el catálogo" />
    </Stack>
  );
}
