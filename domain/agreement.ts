import { Lexer, type Token, type Tokens } from 'marked';
import { AGREEMENT_MESSAGES } from './agreement-messages.ts';

/**
 * Custom rental agreements (issue 20 item 3, docs/decisions/037). A business with the
 * custom_agreement add-on writes its agreement as a small Markdown subset: headings, paragraphs,
 * bold and italic, bulleted and numbered lists. Each save that changes the text is a new version,
 * never changed afterwards; clients accept the version in force when they book.
 */

// In a module of their own: the response schemas (domain/schemas/agreement.ts, which web pages load)
// use them without this module's Markdown lexer (docs/decisions/073).
export { AGREEMENT_MESSAGES, MAX_AGREEMENT_CHARS } from './agreement-messages.ts';

/** How text is kept: Unix line ends, no trailing spaces on a line, no blank lines before or after. */
export function normaliseAgreement(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .trim();
}

export type VersionStep = { kind: 'unchanged'; version: number } | { kind: 'new'; version: number };

/** A save makes version n + 1, unless the text is the latest version's (then nothing is saved). */
export function nextVersion(latest: { version: number; body: string } | null, body: string): VersionStep {
  if (!latest) return { kind: 'new', version: 1 };
  if (normaliseAgreement(latest.body) === normaliseAgreement(body))
    return { kind: 'unchanged', version: latest.version };
  return { kind: 'new', version: latest.version + 1 };
}

/** The agreement clients accept: the latest version while the add-on is in use; else Rentza's terms (null). */
export function agreementInForce<T extends { version: number }>(
  hasAddOn: boolean,
  latest: T | null,
): T | null {
  return hasAddOn ? latest : null;
}

export type AcceptanceRefusal = { status: 400 | 409; message: string };

/**
 * A client's booking request against the agreement in force: none in force, nothing to accept (a
 * version sent anyway is ignored: the business stopped using its own agreement); in force and not
 * accepted, 400; an older version accepted, 409 (the client must read the new one).
 */
export function acceptanceRefusal(
  inForce: { version: number; businessName: string } | null,
  acceptedVersion: number | null | undefined,
): AcceptanceRefusal | null {
  if (!inForce) return null;
  if (acceptedVersion == null)
    return { status: 400, message: AGREEMENT_MESSAGES.notAccepted(inForce.businessName) };
  if (acceptedVersion !== inForce.version)
    return { status: 409, message: AGREEMENT_MESSAGES.changed(inForce.businessName, inForce.version) };
  return null;
}

/** A run of text, bold and/or italic. */
export interface AgreementRun {
  text: string;
  bold: boolean;
  italic: boolean;
}

export type AgreementBlock =
  | { type: 'heading'; level: 1 | 2 | 3; runs: AgreementRun[] }
  | { type: 'paragraph'; runs: AgreementRun[] }
  | { type: 'list'; ordered: boolean; start: number; items: AgreementRun[][] };

interface Style {
  bold: boolean;
  italic: boolean;
}

/** Marked leaves character references as written; the text is shown as text, so they are decoded. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}

function pushRun(runs: AgreementRun[], text: string, style: Style) {
  if (!text) return;
  const last = runs.at(-1);
  if (last && last.bold === style.bold && last.italic === style.italic) last.text += text;
  else runs.push({ text, ...style });
}

/** Inline tokens as runs: bold and italic kept; links, code and raw HTML shown as their plain text. */
function inlineRuns(tokens: readonly Token[], style: Style, runs: AgreementRun[] = []): AgreementRun[] {
  for (const token of tokens) {
    switch (token.type) {
      case 'strong':
        inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true }, runs);
        break;
      case 'em':
        inlineRuns((token as Tokens.Em).tokens, { ...style, italic: true }, runs);
        break;
      case 'br':
        pushRun(runs, '\n', style);
        break;
      case 'codespan':
        pushRun(runs, decodeEntities((token as Tokens.Codespan).text), style);
        break;
      case 'link':
      case 'del':
        inlineRuns((token as Tokens.Link | Tokens.Del).tokens, style, runs);
        break;
      case 'image':
        pushRun(runs, (token as Tokens.Image).text, style);
        break;
      default: {
        const withChildren = token as { tokens?: Token[]; text?: string; raw: string };
        if (withChildren.tokens && withChildren.tokens.length > 0)
          inlineRuns(withChildren.tokens, style, runs);
        else pushRun(runs, decodeEntities(withChildren.text ?? withChildren.raw), style);
      }
    }
  }
  return runs;
}

const PLAIN: Style = { bold: false, italic: false };

function trimRuns(runs: AgreementRun[]): AgreementRun[] {
  const first = runs[0];
  if (first) first.text = first.text.replace(/^\s+/, '');
  const last = runs.at(-1);
  if (last) last.text = last.text.replace(/\s+$/, '');
  return runs.filter((run) => run.text.length > 0);
}

/** A list item's text: its paragraphs and any nested list's items, one after another. */
function itemRuns(item: Tokens.ListItem): AgreementRun[] {
  const runs: AgreementRun[] = [];
  for (const child of item.tokens) {
    if (child.type === 'list') {
      for (const nested of (child as Tokens.List).items) {
        pushRun(runs, '\n', PLAIN);
        for (const run of itemRuns(nested)) pushRun(runs, run.text, run);
      }
    } else if ('tokens' in child && child.tokens) {
      if (runs.length > 0) pushRun(runs, '\n', PLAIN);
      inlineRuns(child.tokens, PLAIN, runs);
    } else pushRun(runs, decodeEntities('text' in child ? String(child.text) : child.raw), PLAIN);
  }
  return trimRuns(runs);
}

function toBlocks(tokens: readonly Token[], blocks: AgreementBlock[]): AgreementBlock[] {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
        break;
      case 'heading': {
        const heading = token as Tokens.Heading;
        const level = Math.min(3, Math.max(1, heading.depth)) as 1 | 2 | 3;
        blocks.push({ type: 'heading', level, runs: trimRuns(inlineRuns(heading.tokens, PLAIN)) });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        blocks.push({
          type: 'list',
          ordered: list.ordered,
          start: typeof list.start === 'number' ? list.start : 1,
          items: list.items.map(itemRuns),
        });
        break;
      }
      case 'blockquote':
        toBlocks((token as Tokens.Blockquote).tokens, blocks);
        break;
      default: {
        // Paragraphs, and anything outside the subset (code blocks, tables, raw HTML) as plain text.
        const inline = token as { tokens?: Token[]; text?: string; raw: string };
        const runs =
          token.type === 'paragraph' || token.type === 'text'
            ? inlineRuns(inline.tokens ?? [], PLAIN)
            : [{ text: decodeEntities(inline.text ?? inline.raw), ...PLAIN }];
        const trimmed = trimRuns(runs);
        if (trimmed.length > 0) blocks.push({ type: 'paragraph', runs: trimmed });
      }
    }
  }
  return blocks;
}

/**
 * The agreement as blocks the web page and the PDF draw: never HTML, so nothing the owner writes can
 * run or style itself in a client's browser.
 */
export function agreementBlocks(body: string): AgreementBlock[] {
  return toBlocks(Lexer.lex(normaliseAgreement(body), { gfm: true, breaks: false }), []);
}

/** The agreement's plain text (headings, paragraphs and list items each on their own line). */
export function agreementPlainText(blocks: readonly AgreementBlock[]): string {
  const text = (runs: readonly AgreementRun[]) => runs.map((run) => run.text).join('');
  return blocks
    .flatMap((block) =>
      block.type === 'list'
        ? block.items.map((item, index) => `${block.ordered ? `${block.start + index}.` : '•'} ${text(item)}`)
        : [text(block.runs)],
    )
    .join('\n');
}
