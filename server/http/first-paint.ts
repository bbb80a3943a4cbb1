import { bookingHeader } from '../../domain/booking-page.ts';
import type { PropertyType } from '../../domain/property.ts';

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
.rz-first-paint__page{padding:32px 0}
.rz-first-paint__grid{display:flex;flex-wrap:wrap;gap:32px}
.rz-first-paint__main{flex:0 0 100%;max-width:100%}
.rz-first-paint__photo{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;border-radius:8px}
.rz-first-paint .rz-first-paint__title{margin:0;color:inherit;font-size:26px;line-height:1.35;font-weight:700}
@media (min-width:62em){.rz-first-paint__main{flex-basis:calc(58.333333333333336% - 0.4166666666666667 * 32px);max-width:calc(58.333333333333336% - 0.4166666666666667 * 32px)}}
</style>`;

const MARKUP = `<div class="rz-first-paint"><div class="rz-first-paint__header"></div><div class="rz-first-paint__hero"><div class="rz-first-paint__container"><div class="rz-first-paint__stack"><h1>Anything. Anywhere. Anytime.</h1><p>Rent homes, cars, tools, cameras, venues and storage from owners across South Africa.</p><div><a class="rz-first-paint__button" href="/list-your-property">List Your Property</a></div></div></div></div></div>`;

/** index.html with the home page's static first paint; unchanged when it has no empty `#root`. */
export function withHomeFirstPaint(indexHtml: string): string {
  return withFirstPaint(indexHtml, MARKUP);
}

/** index.html with `markup` (one of this module's) drawn in `#root`; unchanged when it has no empty `#root`. */
export function withFirstPaint(indexHtml: string, markup: string): string {
  if (!indexHtml.includes('<div id="root"></div>')) return indexHtml;
  return indexHtml
    .replace('</head>', () => `${STYLE}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The header's space and the page's container (Mantine Container size lg, py xl) around `content`. */
const page = (content: string) =>
  `<div class="rz-first-paint"><div class="rz-first-paint__header"></div><div class="rz-first-paint__page"><div class="rz-first-paint__container">${content}</div></div></div>`;

/**
 * The listing page's first paint (docs/decisions/070): its cover photo, the page's largest paint, where
 * web/routes/property-details.tsx draws it (the gallery: 7 of 12 columns from 62em, full width below;
 * 16:10, radius md), with the same address and alt text. The app's photo is then the same size, so it
 * is not a new largest paint.
 */
export function listingFirstPaint(listing: { title: string; coverUrl: string; photos: number }): string {
  return page(
    `<div class="rz-first-paint__grid"><div class="rz-first-paint__main"><img class="rz-first-paint__photo" src="${escapeHtml(listing.coverUrl)}" alt="${escapeHtml(`Photo 1 of ${listing.photos}: ${listing.title}`)}" fetchpriority="high"></div></div>`,
  );
}

/**
 * The booking page's first paint (docs/decisions/070): its heading, the page's largest paint, as
 * web/routes/reservation-booking.tsx draws it (Title order 1 size h2 at the top of a Container lg).
 */
export function bookingFirstPaint(heading: string): string {
  return page(`<h1 class="rz-first-paint__title">${escapeHtml(heading)}</h1>`);
}

/**
 * The first paint of a page that shows one listing, or null: the listing page with a photo, and the
 * booking page of a visitor with a session (without one the app sends them to sign in).
 */
export function listingPageFirstPaint(
  listing: {
    page: 'property' | 'reservation';
    title: string;
    type: PropertyType;
    coverUrl: string | null;
    photos: number;
  },
  signedIn: boolean,
): string | null {
  if (listing.page === 'property')
    return listing.coverUrl ? listingFirstPaint({ ...listing, coverUrl: listing.coverUrl }) : null;
  return signedIn ? bookingFirstPaint(bookingHeader(listing.type, listing.title)) : null;
}
