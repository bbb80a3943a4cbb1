/**
 * The home page's first paint (issue 9, docs/decisions/011): the app draws nothing until its
 * JavaScript has loaded and run, so on a slow phone the hero heading — the page's largest text —
 * appeared seconds after the HTML. `/` is sent with a static copy of the header's space and the hero
 * (heading, line, button) inside `#root`, drawn with the same sizes and colours as web/routes/home.tsx.
 * React replaces it with the live page in its first render (createRoot clears `#root`); nothing
 * below the hero is drawn early, so nothing moves when the app takes over.
 */

const STYLE = `<style>
.rz-first-paint{font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.rz-first-paint__header{height:72px;border-bottom:1px solid #dee2e6}
.rz-first-paint__hero{padding:48px 0 96px;background:linear-gradient(135deg,#0b7285 0%,#087f5b 100%)}
.rz-first-paint__container{max-width:1140px;margin:0 auto;padding:0 16px;box-sizing:border-box}
.rz-first-paint__stack{max-width:720px;display:flex;flex-direction:column;gap:20px}
.rz-first-paint h1{margin:0;color:#fff;font-size:36px;line-height:1.1;font-weight:700}
.rz-first-paint p{margin:0;color:#fff;font-size:16px;line-height:1.55}
.rz-first-paint__button{display:inline-flex;align-items:center;height:50px;padding:0 26px;border-radius:8px;background:#fff;color:#0b7285;font-size:18px;font-weight:600;text-decoration:none}
@media (min-width:48em){
.rz-first-paint__hero{padding:80px 0 120px}
.rz-first-paint h1{font-size:56px}
.rz-first-paint p{font-size:20px}
}
@media (prefers-color-scheme:dark){.rz-first-paint__header{border-bottom-color:#424242}}
</style>`;

const MARKUP = `<div class="rz-first-paint"><div class="rz-first-paint__header"></div><div class="rz-first-paint__hero"><div class="rz-first-paint__container"><div class="rz-first-paint__stack"><h1>Anything. Anywhere. Anytime.</h1><p>Rent homes, cars, tools, cameras, venues and storage from owners across South Africa.</p><div><a class="rz-first-paint__button" href="/list-your-property">List Your Property</a></div></div></div></div></div>`;

/** index.html with the home page's static first paint; unchanged when it has no empty `#root`. */
export function withHomeFirstPaint(indexHtml: string): string {
  if (!indexHtml.includes('<div id="root"></div>')) return indexHtml;
  return indexHtml
    .replace('</head>', `${STYLE}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${MARKUP}</div>`);
}
