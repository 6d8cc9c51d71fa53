import { passwordStrength, type StrengthColour } from './password-strength';

/** The bar's colours: the seed's red, orange, yellow and green, the same in both themes. */
export const STRENGTH_COLOURS: Record<StrengthColour, string> = {
  red: '#ef4444',
  orange: '#f97316',
  yellow: '#eab308',
  green: '#22c55e',
};

/**
 * The strength of the password being typed: a bar as wide as the score, in the score's colour, and its label in
 * words (the bar alone would say nothing to a screen reader or to someone who cannot tell the colours apart).
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label, colour } = passwordStrength(password);
  return (
    <div className="account-strength" id={id}>
      {/* biome-ignore lint/a11y/useSemanticElements: the bar's colour is the score's (the seed's four); a native
          <meter> picks its own colours by browser, and is coloured per value only through prefixed pseudo-elements. */}
      <div
        className="account-strength-track"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${label} (${score} of 100)`}
      >
        <div
          className="account-strength-bar"
          data-colour={colour}
          style={{ width: `${score}%`, background: STRENGTH_COLOURS[colour] }}
        />
      </div>
      <p className="account-strength-label">
        Password strength: <strong>{label}</strong>
      </p>
    </div>
  );
}
