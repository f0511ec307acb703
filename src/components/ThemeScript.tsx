// Applies the stored theme before first paint, so there is no flash of the wrong theme.
import { THEME_STORAGE_KEY } from '@/lib/theme';

const script = `(function(){try{var p=localStorage.getItem('${THEME_STORAGE_KEY}');var d=p==='dark'||((!p||p==='system')&&window.matchMedia('(prefers-color-scheme: dark)').matches);var c=document.documentElement.classList;if(d){c.add('dark')}else{c.remove('dark')}}catch(e){}})();`;

/** `nonce`: this request's script nonce (the Content-Security-Policy allows no other inline script). */
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
