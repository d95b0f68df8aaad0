// Runs before first paint: applies the remembered theme (localStorage "cohost-theme": system, light
// or dark) so the page never flashes the wrong scheme.
export const THEME_KEY = "cohost-theme";

const script = `(function(){try{var t=localStorage.getItem("${THEME_KEY}")||"system";var d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

// The nonce is this request's CSP nonce (proxy.ts): an inline script runs only with it.
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
