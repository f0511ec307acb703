// /contact: the contact form, in the public site's frame, with the typed API client it sends
// through (the site's frame has none: the landing page does not need it).
import type { Metadata } from 'next';
import { SiteLayout } from '@/components/site/SiteLayout';
import { TRPCReactProvider } from '@/trpc/react';
import { ContactForm } from './ContactForm';

export const metadata: Metadata = {
  title: 'Contact',
  description: 'Questions, ideas or a problem with Onething? Send us a message.',
};

export default function ContactPage() {
  return (
    <SiteLayout>
      <section className="px-4 py-12 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Contact us</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            Send us a message and we&apos;ll answer by email, usually within two working days. Plus members get priority support.
          </p>
          <div className="mt-10 rounded-card border border-border bg-surface p-6 sm:p-8">
            <TRPCReactProvider>
              <ContactForm />
            </TRPCReactProvider>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
