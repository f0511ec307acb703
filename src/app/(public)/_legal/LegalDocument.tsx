// The shared look of the privacy policy and the terms: a readable column, a contents list that
// links to each section, and plain typography (no plugin: the few rules are written here).
import type { ReactNode } from 'react';
import { SiteLayout } from '@/components/site/SiteLayout';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const prose =
  'text-base leading-relaxed text-text ' +
  '[&_p]:mt-4 [&_p:first-child]:mt-0 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 ' +
  '[&_li::marker]:text-muted [&_h3]:mt-8 [&_h3]:text-base [&_h3]:font-semibold ' +
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold ' +
  '[&_dl]:mt-4 [&_dt]:mt-4 [&_dt]:font-semibold [&_dd]:mt-1 [&_code]:rounded [&_code]:bg-surfaceMuted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm';

export function LegalDocument({ title, meta, intro, sections }: { title: string; meta: ReactNode; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <SiteLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="border-b border-border pb-8">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-muted">{meta}</p>
          <div className={`mt-6 ${prose} text-lg`}>{intro}</div>
        </header>
        <nav aria-labelledby="contents-title" className="mt-8 rounded-card border border-border bg-surface p-5 sm:p-6">
          <h2 id="contents-title" className="text-sm font-semibold">
            On this page
          </h2>
          <ol className="mt-3 list-decimal gap-x-10 pl-6 text-sm sm:columns-2 [&>li]:mb-1.5 [&>li]:break-inside-avoid">
            {sections.map((section) => (
              <li key={section.id} className="marker:text-muted">
                <a href={`#${section.id}`} className="text-text underline-offset-2 hover:text-accent hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-12 scroll-mt-24">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
              <span className="tabular mr-2 text-muted">{index + 1}.</span>
              {section.title}
            </h2>
            <div className={`mt-4 ${prose}`}>{section.body}</div>
          </section>
        ))}
      </article>
    </SiteLayout>
  );
}
