'use client';
// New Session on /sessions opens the session type chooser (AI Session or Manual Session).
// Interim: until the shared chooser (src/features/session-setup/StartSessionDialog.tsx, built
// with the dashboard) is merged, this asks for the type and hands over to the dashboard, which
// configures and starts sessions.
import { useRouter } from 'next/navigation';
import { Dialog } from '@/components/Dialog';

export function NewSessionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const choose = (type: 'ai' | 'manual') => {
    onClose();
    router.push(`/dashboard?start=${type}`);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Start Session" description="What kind of session would you like?" size="sm">
      <div className="grid gap-3">
        <button type="button" onClick={() => choose('ai')} className="rounded-card border border-border p-4 text-left hover:bg-surfaceMuted">
          <span className="block font-semibold">AI Session</span>
          <span className="mt-1 block text-sm text-muted">Tell us your mood and get tasks recommended for it.</span>
        </button>
        <button type="button" onClick={() => choose('manual')} className="rounded-card border border-border p-4 text-left hover:bg-surfaceMuted">
          <span className="block font-semibold">Manual Session</span>
          <span className="mt-1 block text-sm text-muted">Pick your clock and the tasks yourself.</span>
        </button>
      </div>
    </Dialog>
  );
}
