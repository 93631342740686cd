import { Alert, Button, List, Text } from '@mantine/core';
import { applyMask } from '@portal/form-mantine/mask';
import { useShellConfig } from '../../../api/shellConfig';

const CEDULA_MASK = '###-#######-#';

/** 1968-05-14 → 14/05/1968 (the form's way). */
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

export interface SandboxPeopleProps {
  /** Fills the form with one of the people (digits of the cédula, DD/MM/AAAA). Required. */
  onUse(cedula: string, fecha: string): void;
}

/**
 * With the simulated agencies (the embedded default, AGENCIES=sandbox), the
 * fictional JCE people someone trying the portal can register with, each
 * with a "Usar" button. Nothing with real agencies (shell-config says null).
 */
export function SandboxPeople({ onUse }: SandboxPeopleProps) {
  const sandbox = useShellConfig()?.sandbox;
  if (!sandbox || sandbox.identities.length === 0) return null;
  return (
    <Alert color="yellow" title="Entorno de prueba" role="note">
      <Text size="sm">Las agencias son simuladas y las personas, ficticias. Puede crear una cuenta con una de estas cédulas de la JCE simulada:</Text>
      <List size="sm" mt="xs" spacing={4}>
        {sandbox.identities.map((p) => (
          <List.Item key={p.cedula}>
            {p.nombre}: {applyMask(p.cedula, CEDULA_MASK)}, fecha de nacimiento {ddmmyyyy(p.fechaNacimiento)}{' '}
            <Button size="compact-xs" variant="white" onClick={() => onUse(p.cedula, ddmmyyyy(p.fechaNacimiento))} aria-label={`Usar la cédula de ${p.nombre}`}>
              Usar
            </Button>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Without SMTP_URL in the simulated environment, mail is written to the
 * server's output instead of sent: say where the code is.
 */
export function SandboxMailNote() {
  if (!useShellConfig()?.sandbox?.mailInLog) return null;
  return (
    <Alert color="yellow" title="Entorno de prueba" role="note">
      <Text size="sm">Este portal no tiene un servidor de correo configurado: el mensaje con el código aparece en la salida del servidor (la terminal donde corre <code>npm start</code>).</Text>
    </Alert>
  );
}
