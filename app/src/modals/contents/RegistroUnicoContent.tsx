import { Button, Group, Stack, Text } from '@mantine/core';
import { registroUnicoHref, useShellConfig } from '../../api/shellConfig';
import { markPromptSeen } from '../../lib/promptFlags';
import type { ModalContentProps } from '../modalContent';
import { RegistroUnicoIllustration } from './RegistroUnicoIllustration';

/**
 * REGISTRO_UNICO (spec: the single-registration modal): an illustration and
 * two buttons. 'SEGUIR AL PORTAL' stores `visited_registro`='on' and closes;
 * 'REGISTRATE' takes the browser to the single-registration sign-up address.
 */
export default function RegistroUnicoContent({ close }: ModalContentProps) {
  const registroUrl = registroUnicoHref(useShellConfig()) ?? '';
  return (
    <Stack>
      <RegistroUnicoIllustration />
      <Text>
        Con una sola cuenta del registro único puede realizar trámites en las instituciones del Estado sin volver a registrarse en cada
        una.
      </Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            markPromptSeen('REGISTRO_UNICO');
            close();
          }}
        >
          SEGUIR AL PORTAL
        </Button>
        <Button component="a" href={registroUrl} disabled={registroUrl === ''}>REGISTRATE</Button>
      </Group>
    </Stack>
  );
}
