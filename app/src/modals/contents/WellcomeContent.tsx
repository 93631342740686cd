import { Button, Group, Stack, Text } from '@mantine/core';
import { useShellConfig } from '../../api/shellConfig';
import { markPromptSeen } from '../../lib/promptFlags';
import type { ModalContentProps } from '../modalContent';

/**
 * WELLCOME (spec: the survey modal, titled 'Mejoremos juntos'): asks the
 * citizen to help improve the portal with a short survey. 'ir a la encuesta'
 * opens the survey in a new tab, stores `visited`='on' and closes.
 */
export default function WellcomeContent({ close }: ModalContentProps) {
  const config = useShellConfig();
  const surveyUrl = config?.surveyUrl ?? '';
  return (
    <Stack>
      <Text>
        Queremos que este portal le sirva cada vez mejor. ¿Nos ayuda respondiendo una encuesta corta? Le tomará solo unos minutos y sus
        respuestas son anónimas.
      </Text>
      <Text size="sm" c="dimmed" id="encuesta-pestana">La encuesta se abre en una pestaña nueva.</Text>
      <Group justify="flex-end">
        <Button
          component="a"
          href={surveyUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby="encuesta-pestana"
          disabled={surveyUrl === ''}
          onClick={() => {
            markPromptSeen('WELLCOME');
            close();
          }}
        >
          ir a la encuesta
        </Button>
      </Group>
    </Stack>
  );
}
