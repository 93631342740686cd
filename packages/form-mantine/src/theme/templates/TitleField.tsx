import { Title } from '@mantine/core';
import type { TitleFieldProps } from '@rjsf/utils';
import RequiredMark from './RequiredMark';

/** A heading for an object or grid title. */
export default function TitleField({ id, title, required }: TitleFieldProps) {
  if (!title) return null;
  return (
    <Title id={id} order={3}>
      {title}
      {required && <RequiredMark />}
    </Title>
  );
}
