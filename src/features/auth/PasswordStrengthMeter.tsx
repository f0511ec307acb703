// The sign-up password meter (spec section 5, reading A): a 0-5 bar and its label, Very Weak to
// Very Strong. Informational only: the rule the server enforces is 8 characters or more. The
// words carry the meaning; the colour only repeats it.
import { passwordStrength } from '@/lib/password-strength';

const MAX_SCORE = 5;

function tone(score: number): string {
  if (score <= 1) return 'bg-danger';
  if (score <= 3) return 'bg-warning';
  return 'bg-success';
}

export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div id={id} className="mt-1 flex items-center gap-3" data-score={score}>
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={MAX_SCORE}
        aria-valuenow={score}
        aria-valuetext={`${label} (${score} of ${MAX_SCORE})`}
        className="flex flex-1 gap-1"
      >
        {Array.from({ length: MAX_SCORE }, (_, index) => (
          <span key={index} className={`h-1.5 flex-1 rounded-pill ${index < score ? tone(score) : 'bg-surfaceMuted'}`} />
        ))}
      </div>
      <p className="w-24 shrink-0 text-right text-xs font-medium text-muted" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
