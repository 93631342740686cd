/**
 * The top of a page that opens with a heading and a line about what it holds (Servicios, Instituciones,
 * Puntos GOB): on a phone that line is the page's largest text. The page draws it, and so does its frame
 * (`introFrame`, in the first bundle) while the page's code is on its way, in the same place: the largest
 * paint does not wait for the page's code, and nothing moves when the page takes the frame's place.
 */
import type { ComponentType } from 'react';
import { Loader, Stack, Text, Title } from '@mantine/core';

export interface PageIntroText {
  title: string;
  intro: string;
  /** What the frame's loader says is coming (the rest of the page). */
  loading: string;
}

export function PageIntro({ title, intro }: Pick<PageIntroText, 'title' | 'intro'>) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text mt="xs">{intro}</Text>
    </div>
  );
}

/** The frame of a page that opens with PageIntro (its Stack's gap: the pages' `lg`). */
export function introFrame(text: PageIntroText): ComponentType {
  return function IntroFrame() {
    return (
      <Stack gap="lg">
        <PageIntro title={text.title} intro={text.intro} />
        <Loader role="progressbar" aria-label={text.loading} />
      </Stack>
    );
  };
}
