// The sign-up password meter (reading A): a 0-5 bar and its label, Very Weak to
// Very Strong, and the server's reason when it would refuse the password (only spaces, or too
// common: the common-password list loads when the meter first shows, never with the page). The
// words carry the meaning; the colour only repeats it.
import { useEffect, useState } from 'react';
import { commonPasswordsLoaded, loadCommonPasswords } from '@/lib/password-rules';
import { passwordStrength } from '@/lib/password-strength';

const MAX_SCORE = 5;

function tone(score: number): string {
  if (score <= 1) return 'bg-danger';
  if (score <= 3) return 'bg-warning';
  return 'bg-success';
}

export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const [, setListLoaded] = useState(commonPasswordsLoaded());
  useEffect(() => {
    if (!commonPasswordsLoaded()) void loadCommonPasswords().then(() => setListLoaded(true), () => undefined);
  }, []);
  const { score, label, refused } = passwordStrength(password);
  return (
    <div id={id} className="mt-1">
      <div className="flex items-center gap-3" data-score={score}>
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
      {refused ? (
        <p className="mt-1 text-xs font-medium text-danger" aria-live="polite">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
