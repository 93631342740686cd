/**
 * The single-registration illustration (spec: desktop and mobile variants):
 * one account opening many government services, drawn as a computer on wide
 * screens and as a phone on narrow ones. Decorative: the modal's text says
 * the same, so both are hidden from assistive technology.
 */
import { Box } from '@mantine/core';

const BLUE = '#003876';
const RED = '#ce1126';
const SOFT = '#e8eef6';

function Desktop() {
  return (
    <svg viewBox="0 0 320 150" width="100%" height="150" aria-hidden="true" focusable="false">
      <rect x="70" y="10" width="180" height="112" rx="8" fill={BLUE} />
      <rect x="80" y="20" width="160" height="92" rx="4" fill={SOFT} />
      <rect x="50" y="122" width="220" height="12" rx="6" fill={BLUE} />
      <circle cx="120" cy="56" r="16" fill={BLUE} />
      <rect x="100" y="78" width="40" height="20" rx="10" fill={BLUE} />
      <rect x="152" y="44" width="72" height="8" rx="4" fill={RED} />
      <rect x="152" y="60" width="60" height="8" rx="4" fill={BLUE} />
      <rect x="152" y="76" width="68" height="8" rx="4" fill={BLUE} />
      <circle cx="34" cy="40" r="14" fill={RED} />
      <circle cx="290" cy="36" r="10" fill={BLUE} />
      <circle cx="286" cy="100" r="14" fill={RED} opacity="0.6" />
    </svg>
  );
}

function Mobile() {
  return (
    <svg viewBox="0 0 160 170" width="100%" height="170" aria-hidden="true" focusable="false">
      <rect x="45" y="6" width="70" height="140" rx="12" fill={BLUE} />
      <rect x="52" y="20" width="56" height="112" rx="4" fill={SOFT} />
      <circle cx="80" cy="50" r="13" fill={BLUE} />
      <rect x="64" y="68" width="32" height="16" rx="8" fill={BLUE} />
      <rect x="60" y="94" width="40" height="7" rx="3.5" fill={RED} />
      <rect x="60" y="108" width="40" height="7" rx="3.5" fill={BLUE} />
      <circle cx="22" cy="40" r="10" fill={RED} />
      <circle cx="138" cy="110" r="12" fill={RED} opacity="0.6" />
    </svg>
  );
}

/** Both variants; CSS shows the one for the screen width (no JavaScript measuring, no layout jump). */
export function RegistroUnicoIllustration() {
  return (
    <>
      <Box visibleFrom="sm" data-illustration="escritorio"><Desktop /></Box>
      <Box hiddenFrom="sm" data-illustration="movil"><Mobile /></Box>
    </>
  );
}
