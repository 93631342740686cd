import { describe, expect, it } from 'vitest';
import type { ShellConfig } from '../../api/shellConfig';
import { duePrompt, type PromptSituation } from './promptRule';

const config: ShellConfig = {
  headerScriptUrl: null,
  surveyUrl: 'https://encuesta.gob.do/portal',
  registroUnicoUrl: 'https://registro.gob.do/',
  analytics: 'propio',
  sandbox: null,
};

const situation = (over: Partial<PromptSituation>): PromptSituation => ({
  config,
  signedIn: false,
  onHome: false,
  onConfirmation: false,
  done: () => false,
  filling: false,
  ...over,
});

describe('duePrompt', () => {
  it('offers the single registration to an anonymous visitor on the home page only', () => {
    expect(duePrompt(situation({ onHome: true }))).toBe('REGISTRO_UNICO');
    expect(duePrompt(situation({ onHome: true, signedIn: true }))).toBeNull();
    expect(duePrompt(situation({}))).toBeNull();
  });

  it('offers the survey to a signed-in citizen on a confirmation page only', () => {
    expect(duePrompt(situation({ signedIn: true, onConfirmation: true }))).toBe('WELLCOME');
    expect(duePrompt(situation({ onConfirmation: true }))).toBeNull();
  });

  it('never once its flag is stored (or it was offered in this tab)', () => {
    expect(duePrompt(situation({ onHome: true, done: (n) => n === 'REGISTRO_UNICO' }))).toBeNull();
    expect(duePrompt(situation({ signedIn: true, onConfirmation: true, done: (n) => n === 'WELLCOME' }))).toBeNull();
  });

  it('never while its address is the stand-in page of the portal', () => {
    const standIn = { ...config, surveyUrl: '/encuesta', registroUnicoUrl: '/registro-unico' };
    expect(duePrompt(situation({ config: standIn, onHome: true }))).toBeNull();
    expect(duePrompt(situation({ config: standIn, signedIn: true, onConfirmation: true }))).toBeNull();
  });
});

describe('a prompt never interrupts a form being filled', () => {
  it('is not offered while a field has focus or holds unsent input', () => {
    expect(duePrompt(situation({ onHome: true }))).toBe('REGISTRO_UNICO');
    expect(duePrompt(situation({ onHome: true, filling: true }))).toBeNull();
    expect(duePrompt(situation({ signedIn: true, onConfirmation: true, filling: true }))).toBeNull();
  });
});
