'use client';
// Export my data (an extra): everything the account holds as one JSON file.
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ButtonCore';
import { useToast } from '@/components/Toast';
import { useTRPCClient } from '@/trpc/react';
import { Section } from './Section';

export function ExportSection() {
  const client = useTRPCClient();
  const { toast } = useToast();
  const download = useMutation({
    mutationFn: () => client.user.export.query(),
    onSuccess: (data) => {
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `onething-export-${data.exportedAt.slice(0, 10)}.json`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    onError: (error) => toast({ title: 'Failed to export your data', description: error.message, variant: 'destructive' }),
  });
  return (
    <Section id="export" title="Export my data" description="Download your profile, tasks, sessions and usage as one JSON file. Passwords and tokens are never included.">
      <Button variant="secondary" pending={download.isPending} onClick={() => download.mutate()}>
        Download My Data
      </Button>
    </Section>
  );
}
