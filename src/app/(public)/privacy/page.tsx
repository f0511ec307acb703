// /privacy: the privacy policy, version 2.6, last updated October 2025. It says
// in plain words what this product really stores and does; keep it in step with the code
// (prisma/schema.prisma, the AI, mail and billing modules, browser storage keys in constants.ts).
import type { Metadata } from 'next';
import { PRIVACY_POLICY } from '@/lib/constants';
import { LegalDocument } from '../_legal/LegalDocument';
import { whatWeKeep } from './what-we-keep';
import { yourRights } from './your-rights';

export const metadata: Metadata = {
  title: 'Privacy Policy',
  description: 'What Onething stores about you, why, who helps us run it, and how to get a copy or delete it.',
};


export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      meta={`Version ${PRIVACY_POLICY.version} · Last updated ${PRIVACY_POLICY.lastUpdated}`}
      intro={
        <p>
          This policy explains, in plain words, what Onething stores about you, why, who helps us run the service, and how you can get a
          copy of your data or delete it.
        </p>
      }
      sections={[...whatWeKeep, ...yourRights]}
    />
  );
}
