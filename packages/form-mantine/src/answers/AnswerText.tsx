/**
 * Draws an answer as the engine formatted it (`answerDisplay`): the form's
 * grids, the review page, the request page and the back office show the same
 * text. The only work left here is fetching an option list, through the api's
 * cache, so a chosen value reads as its option's label.
 */
import { sourceAnswerLabel, type AnswerDisplay } from '@portal/form-engine';
import type { FormApi } from '../types';
import { useSourceBody } from '../widgets/source-select/useSourceOptions';

type SourceDisplay = Extract<AnswerDisplay, { kind: 'source' }>;

function SourceText({ display, api }: { display: SourceDisplay; api: FormApi | null }) {
  const { body } = useSourceBody(api, display.url);
  const label = body === undefined ? null : sourceAnswerLabel(display, body);
  return <>{label ?? display.text}</>;
}

export interface AnswerTextProps {
  /** The engine's model of the answer. Required. */
  display: AnswerDisplay;
  /** Loads option lists (`x-source`); null shows their values as stored. Required. */
  api: FormApi | null;
}

/** One answer's text; an `x-source` value shows its option's label once the list has loaded. */
export function AnswerText({ display, api }: AnswerTextProps) {
  if (display.kind === 'source') return <SourceText display={display} api={api} />;
  return <>{display.text}</>;
}
