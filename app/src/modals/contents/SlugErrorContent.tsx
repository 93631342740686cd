import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { ModalContentProps } from '../modalContent';

/** `data` of SLUG_ERROR: the service address that does not exist. */
export interface SlugErrorData {
  slug?: string;
}

/**
 * SLUG_ERROR: a service address that does not exist (a mistyped or old link).
 * The citizen can browse the catalogue or, if the service is missing from the
 * portal, suggest it (which replaces this modal with the suggestion form).
 */
export default function SlugErrorContent({ data, open }: ModalContentProps) {
  return <SlugErrorMessage slug={(data as SlugErrorData | undefined)?.slug} onSuggest={() => open('SERVICE_RECOMENDED')} />;
}

/** What SLUG_ERROR says, also the body of the service page at an unknown address (one message, not a page and a dialog). */
export function SlugErrorMessage({ slug, onSuggest }: { slug?: string; onSuggest: () => void }) {
  return (
    <Stack>
      <Text>
        {slug ? <>No encontramos ningún servicio en la dirección «{paths.service.href(slug)}».</> : 'No encontramos el servicio que busca.'} Puede que la
        dirección esté mal escrita o que el servicio ya no se ofrezca en el portal.
      </Text>
      <Text>Busque el servicio en el catálogo o, si no está, sugiéranos que lo agreguemos.</Text>
      <Group justify="space-between">
        <Anchor component={Link} href={paths.services.href()}>Ver los servicios</Anchor>
        <Button variant="default" onClick={onSuggest}>Sugerir un servicio</Button>
      </Group>
    </Stack>
  );
}
