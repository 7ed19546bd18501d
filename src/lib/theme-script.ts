/**
 * Runs in <head> before first paint so that the stored or system theme applies without a flash.
 * Its sha256 is allowed by the Content-Security-Policy (src/server/http/security-headers.ts);
 * editing it changes the hash automatically.
 */
export const THEME_STORAGE_KEY = 'chorus.theme';

export const THEME_SCRIPT = [
  '(function(){try{',
  `var d=document.documentElement,s=localStorage.getItem('${THEME_STORAGE_KEY}'),`,
  "p=s==='light'||s==='dark'?s:(d.getAttribute('data-default-theme')||'system'),",
  "dark=p==='dark'||(p==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);",
  "d.classList.toggle('dark',dark);d.setAttribute('data-theme',p);d.style.colorScheme=dark?'dark':'light'",
  '}catch(e){}})();',
].join('');
