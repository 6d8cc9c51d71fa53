// The ALTCHA widget, self-hosted: the `altcha` package's web component from our own build, its stylesheet and
// its SHA-256 worker as files of this origin (the external build, which inlines neither), so that the page's
// policy (scripts and workers from 'self' only) holds and no third party is asked for anything.
/// <reference types="altcha/types/react" />
import 'altcha/external';
import 'altcha/altcha.css';
import type { AltchaWidgetElement } from 'altcha';
import ShaWorker from 'altcha/workers/sha?worker';
import { Fragment, useEffect, useRef } from 'react';

// The service issues SHA-256 challenges (service/src/http/captcha.ts): the one algorithm the widget needs.
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

/** A challenge as the service sends it in a `captcha_required` error (ALTCHA v2). */
export type AltchaChallenge = Record<string, unknown>;

export interface AltchaWidgetProps {
  /** Where to fetch a challenge (`/v1/contact/challenge`), or the challenge itself. */
  challenge: string | AltchaChallenge;
  /** The solved payload (base64 JSON of `{ challenge, solution }`) once verified; null when not (any more). */
  onChange(payload: string | null): void;
}

interface StateChange {
  state: string;
  payload?: string;
}

/** The widget as a React component: it reports its payload when solved and null when it expires or resets. */
export function AltchaWidget({ challenge, onChange }: AltchaWidgetProps) {
  const ref = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The widget reads a URL, or the challenge itself as JSON text; a new one (a new captcha_required answer) is a
  // new widget, started over.
  const source = typeof challenge === 'string' ? challenge : JSON.stringify(challenge);

  useEffect(() => {
    const widget = ref.current;
    if (!widget || !source) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, [source]);

  return (
    <Fragment key={source}>
      <altcha-widget ref={ref} name="altcha" challenge={source} />
    </Fragment>
  );
}
