import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Ingrese con su cédula', text: 'Use su cuenta del portal. Si no tiene una, créela con «Crear cuenta»: su cédula, su fecha de nacimiento y un código que le llega por correo.' },
  { title: 'Complete la solicitud', text: 'Datos de la empresa, socios y gerentes, por secciones. Se guarda sola: puede continuar otro día.' },
  { title: 'Adjunte los documentos', text: 'Suba las copias que se piden (PDF o imagen) desde su computadora o su teléfono.' },
  { title: 'Revise, envíe y pague', text: 'Revise sus respuestas, envíe la solicitud y siga su estado y sus pagos en «Mis solicitudes».' },
];

/** "Cómo funciona la formalización" in four steps. */
export function HowItWorks() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="como-funciona">
      <Title order={2} id="como-funciona">Cómo funciona la formalización</Title>
      <List
        type="ordered"
        spacing="md"
        listStyleType="none"
        className="how-it-works"
        icon={null}
      >
        {STEPS.map((s, i) => (
          <List.Item key={s.title} icon={<ThemeIcon radius="xl" size={32} aria-hidden="true">{i + 1}</ThemeIcon>}>
            <Text fw={700}>{s.title}</Text>
            <Text size="sm">{s.text}</Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
