'use client';
// The plan-limit dialog (spec section 8): "You've reached your limit of {max} … per month on the
// Free plan." with an upgrade prompt, Maybe Later and Upgrade to Plus (→ /account).
import { useRouter } from 'next/navigation';
import { PLAN_LIMITS, type UsageKind } from '@/lib/constants';
import { limitDialogCopy } from '@/lib/pricing';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface LimitDialogProps {
  open: boolean;
  onClose: () => void;
  kind: UsageKind;
  /** The plan's limit (defaults to the Free plan's). */
  max?: number;
  /** How many were used this month, when known ("5 of 5 used this month"). */
  used?: number;
}

export function LimitDialog({ open, onClose, kind, max, used }: LimitDialogProps) {
  const router = useRouter();
  const limit = max ?? PLAN_LIMITS.free[kind];
  const copy = limitDialogCopy(kind, limit);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={copy.title}
      description={copy.body}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Maybe Later
          </Button>
          <Button
            onClick={() => {
              onClose();
              router.push('/account');
            }}
          >
            Upgrade to Plus
          </Button>
        </>
      }
    >
      {used !== undefined ? (
        <p className="tabular mb-3 text-sm font-medium">
          {used} of {limit} used this month
        </p>
      ) : null}
      <p className="text-sm leading-relaxed">{copy.upgrade}</p>
    </Dialog>
  );
}
