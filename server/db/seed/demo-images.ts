import sharp from 'sharp';
import type { PropertyType } from '../../../domain/property.ts';

export const DEMO_IMAGE_SIZE = { width: 1200, height: 900 } as const;

/** Two gradients per type: [from, to, accent]. */
const PALETTES: Record<PropertyType, ReadonlyArray<readonly [string, string, string]>> = {
  accommodation: [
    ['#f97316', '#be185d', '#fde68a'],
    ['#f59e0b', '#9a3412', '#fff7ed'],
  ],
  vehicle: [
    ['#2563eb', '#0f172a', '#bae6fd'],
    ['#0ea5e9', '#1e3a8a', '#e0f2fe'],
  ],
  equipment: [
    ['#65a30d', '#14532d', '#ecfccb'],
    ['#ca8a04', '#713f12', '#fef9c3'],
  ],
  electronics: [
    ['#7c3aed', '#1e1b4b', '#ddd6fe'],
    ['#c026d3', '#4c1d95', '#fae8ff'],
  ],
  event_space: [
    ['#ec4899', '#6b21a8', '#fce7f3'],
    ['#14b8a6', '#134e4a', '#ccfbf1'],
  ],
  storage_space: [
    ['#64748b', '#0f172a', '#e2e8f0'],
    ['#0d9488', '#1e293b', '#ccfbf1'],
  ],
};

export const PALETTE_VARIANTS = 2;

/** A simple white pictogram per type, drawn in a 200×200 box. */
const ICONS: Record<PropertyType, string> = {
  accommodation: `
    <path d="M20 100 L100 28 L180 100" fill="none" stroke="#fff" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>
    <rect x="45" y="95" width="110" height="85" rx="6" fill="#fff"/>
    <rect x="88" y="125" width="26" height="55" rx="3" fill="currentColor"/>
    <rect x="58" y="112" width="20" height="20" rx="2" fill="currentColor"/>
    <rect x="124" y="112" width="20" height="20" rx="2" fill="currentColor"/>`,
  vehicle: `
    <path d="M25 130 L40 95 Q48 78 68 76 L132 76 Q152 78 160 95 L175 130 Z" fill="#fff"/>
    <rect x="15" y="118" width="170" height="40" rx="14" fill="#fff"/>
    <path d="M58 112 L68 90 L132 90 L142 112 Z" fill="currentColor" opacity="0.55"/>
    <circle cx="55" cy="160" r="20" fill="currentColor" stroke="#fff" stroke-width="9"/>
    <circle cx="145" cy="160" r="20" fill="currentColor" stroke="#fff" stroke-width="9"/>`,
  equipment: `
    <circle cx="100" cy="100" r="62" fill="none" stroke="#fff" stroke-width="26" stroke-dasharray="22 17"/>
    <circle cx="100" cy="100" r="52" fill="#fff"/>
    <circle cx="100" cy="100" r="22" fill="currentColor"/>`,
  electronics: `
    <rect x="20" y="62" width="160" height="110" rx="18" fill="#fff"/>
    <rect x="65" y="40" width="70" height="30" rx="8" fill="#fff"/>
    <circle cx="100" cy="117" r="38" fill="currentColor"/>
    <circle cx="100" cy="117" r="22" fill="#fff" opacity="0.85"/>
    <circle cx="152" cy="84" r="8" fill="currentColor"/>`,
  event_space: `
    <path d="M100 25 L180 165 L20 165 Z" fill="#fff"/>
    <path d="M100 25 L100 165" stroke="currentColor" stroke-width="6"/>
    <path d="M78 165 L100 110 L122 165 Z" fill="currentColor"/>
    <path d="M20 45 Q60 70 100 45 Q140 70 180 45" fill="none" stroke="#fff" stroke-width="5"/>
    <path d="M35 52 L42 70 L50 55 Z M75 60 L82 78 L90 61 Z M110 61 L118 78 L125 60 Z M150 55 L158 70 L165 52 Z" fill="#fff"/>`,
  storage_space: `
    <rect x="25" y="100" width="70" height="70" rx="6" fill="#fff"/>
    <rect x="105" y="100" width="70" height="70" rx="6" fill="#fff"/>
    <rect x="65" y="25" width="70" height="70" rx="6" fill="#fff"/>
    <path d="M50 100 V130 M140 100 V130 M100 25 V55" stroke="currentColor" stroke-width="8"/>`,
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters, with an ellipsis. */
export function wrapTitle(title: string, width = 30, maxLines = 2): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** Deterministic soft circles ("bokeh") so photos of one type do not all look the same. */
function bokeh(seed: number, accent: string): string {
  let state = seed * 9301 + 49297;
  const next = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  return Array.from({ length: 7 }, () => {
    const cx = Math.round(next() * DEMO_IMAGE_SIZE.width);
    const cy = Math.round(next() * DEMO_IMAGE_SIZE.height);
    const r = Math.round(60 + next() * 180);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" opacity="${(0.06 + next() * 0.1).toFixed(2)}"/>`;
  }).join('');
}

export interface DemoPhotoSpec {
  type: PropertyType;
  variant: number;
  seed: number;
  /** Cover photos carry the title and the place; gallery photos show the pictogram large. */
  title?: string;
  caption?: string;
}

export function demoPhotoSvg({ type, variant, seed, title, caption }: DemoPhotoSpec): string {
  const palettes = PALETTES[type];
  const [from, to, accent] = palettes[variant % palettes.length] ?? palettes[0] ?? ['#333', '#000', '#fff'];
  const { width, height } = DEMO_IMAGE_SIZE;
  const lines = title ? wrapTitle(title) : [];
  const iconScale = title ? 1.5 : 2.6;
  const iconX = title ? width - 200 * iconScale - 90 : (width - 200 * iconScale) / 2;
  const iconY = title ? 90 : (height - 200 * iconScale) / 2 - 20;
  const text = lines
    .map(
      (line, index) =>
        `<text x="90" y="${height - 230 + index * 70 - (lines.length - 1) * 70}" font-size="58" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${bokeh(seed, accent)}
  <path d="M0 ${height - 170} Q ${width / 3} ${height - 250} ${width / 1.6} ${height - 180} T ${width} ${height - 200} V ${height} H 0 Z" fill="#fff" opacity="0.08"/>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <g transform="translate(${iconX} ${iconY}) scale(${iconScale})" color="${to}" opacity="0.95">${ICONS[type]}</g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#fff">
    ${text}
    ${caption ? `<text x="90" y="${height - 130}" font-size="34" opacity="0.9">${escapeXml(caption)}</text>` : ''}
    <text x="${width - 90}" y="${height - 130}" font-size="30" font-weight="700" text-anchor="end" opacity="0.85">Rentza</text>
  </g>
</svg>`;
}

/** Renders a demo photo to a JPEG, the way a phone would hand one to the upload pipeline. */
export function renderDemoPhoto(spec: DemoPhotoSpec): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(spec)))
    .jpeg({ quality: 88 })
    .toBuffer();
}
