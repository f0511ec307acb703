'use client';
// The plan-limit dialog: "You've reached your limit of {max} … per month on the
// Free plan." with an upgrade prompt in the reader's currency, Maybe Later and Upgrade to Plus (→ /account). On the Plus
// plan it names the Plus limit, says when it starts again, and offers no upgrade.
import { useRouter } from 'next/navigation';
import type { SubscriptionTier, UsageKind } from '@/lib/constants';
import { limitDialogCopy } from '@/lib/pricing';
import { DEFAULT_REGION, storedRegion } from '@/lib/region';
import { Button } from './ButtonCore';
import { Dialog } from './Dialog';

export interface LimitDialogProps {
  open: boolean;
  onClose: () => void;
  kind: UsageKind;
  /** The reader's plan (default Free). */
  tier?: SubscriptionTier;
  /** The plan's limit (defaults to the plan's own). */
  max?: number;
  /** How many were used this month, when known ("5 of 5 used this month"). */
  used?: number;
}

export function LimitDialog({ open, onClose, kind, tier = 'free', max, used }: LimitDialogProps) {
  const router = useRouter();
  // The price in the reader's currency, as the account page shows it (read once the dialog opens).
  const copy = limitDialogCopy(kind, tier, max, open ? storedRegion() : DEFAULT_REGION);
  const limit = copy.limit;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={copy.title}
      description={copy.body}
      size="sm"
      footer={
        copy.upgrade === null ? (
          <Button onClick={onClose}>OK</Button>
        ) : (
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
        )
      }
    >
      {used !== undefined ? (
        <p className="tabular mb-3 text-sm font-medium">
          {used} of {limit} used this month
        </p>
      ) : null}
      <p className="text-sm leading-relaxed">{copy.upgrade ?? 'Your count starts again on the 1st of next month.'}</p>
    </Dialog>
  );
}
