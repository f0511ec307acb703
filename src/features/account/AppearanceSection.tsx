'use client';
// Appearance: the theme, kept in this browser (the same three choices as the site's footer).
import { ThemeSwitcher } from '@/components/theme/ThemeSwitcher';
import { Section } from './Section';

export function AppearanceSection() {
  return (
    <Section id="appearance" title="Appearance" description="Kept in this browser.">
      <ThemeSwitcher legend="Theme" showLegend={false} />
    </Section>
  );
}
