import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

/**
 * Noto Sans (SIL Open Font License), shipped as TTF files by @expo-google-fonts/noto-sans: the PDF
 * embeds a subset of it, so documents look the same on every machine and carry every character of
 * South African names (Ŵ, ê, ë, š …) and the rand amounts' spaces.
 */
export const DOCUMENT_FONT = 'Noto Sans';

let registered = false;

export function registerDocumentFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const file = (weight: string) =>
    require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`);
  Font.register({
    family: DOCUMENT_FONT,
    fonts: [
      { src: file('400Regular'), fontWeight: 400 },
      { src: file('700Bold'), fontWeight: 700 },
      // Rental agreements (docs/decisions/037) may set text in italic.
      { src: file('400Regular_Italic'), fontWeight: 400, fontStyle: 'italic' },
      { src: file('700Bold_Italic'), fontWeight: 700, fontStyle: 'italic' },
    ],
  });
  // Words are never hyphenated: names, numbers and references stay whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
