import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_MESSAGES,
  acceptanceRefusal,
  agreementBlocks,
  agreementInForce,
  agreementPlainText,
  nextVersion,
  normaliseAgreement,
} from './agreement.ts';
import { acceptanceLabel } from './booking-page.ts';
import { agreementFileName } from './documents.ts';

describe('versions', () => {
  it('the first save is version 1; a changed text is the next; the same text (up to line ends and trailing spaces) is no new version', () => {
    expect(nextVersion(null, 'Terms')).toEqual({ kind: 'new', version: 1 });
    expect(nextVersion({ version: 3, body: 'Terms\nMore' }, 'Terms  \r\nMore\n\n')).toEqual({
      kind: 'unchanged',
      version: 3,
    });
    expect(nextVersion({ version: 3, body: 'Terms' }, 'Terms, changed')).toEqual({ kind: 'new', version: 4 });
  });

  it('normalises line ends and trailing blanks but keeps the text as written', () => {
    expect(normaliseAgreement('\n  # Title \r\n\r\nText\t\n\n')).toBe('# Title\n\nText');
  });

  it('the agreement in force is the latest version while the add-on is in use, else Rentza’s terms (null)', () => {
    expect(agreementInForce(true, { version: 2 })).toEqual({ version: 2 });
    expect(agreementInForce(false, { version: 2 })).toBeNull();
    expect(agreementInForce(true, null)).toBeNull();
  });
});

describe('acceptance', () => {
  const inForce = { version: 2, businessName: 'Karoo Stays' };
  it('asks nothing under Rentza’s terms, even when a version is sent', () => {
    expect(acceptanceRefusal(null, undefined)).toBeNull();
    expect(acceptanceRefusal(null, 4)).toBeNull();
  });
  it('refuses a request that does not accept the agreement in force (400), or accepts an older one (409)', () => {
    expect(acceptanceRefusal(inForce, null)).toEqual({
      status: 400,
      message: "Please read and accept Karoo Stays's rental agreement to book",
    });
    expect(acceptanceRefusal(inForce, 1)).toEqual({
      status: 409,
      message: AGREEMENT_MESSAGES.changed('Karoo Stays', 2),
    });
    expect(acceptanceRefusal(inForce, 2)).toBeNull();
  });
  it('words the checkbox and the file', () => {
    expect(acceptanceLabel('Karoo Stays')).toBe("I accept Karoo Stays's rental agreement");
    expect(agreementFileName(3)).toBe('Rental-agreement-v3.pdf');
  });
});

describe('rendering the Markdown subset', () => {
  it('reads headings, paragraphs, bold, italic and both kinds of list', () => {
    const blocks = agreementBlocks(
      '# Terms\n\n## Keys\n\nReturn the **keys** by *10:00* on ***the last day***.\n\n3. Third\n4. Fourth\n\n- Pets\n- Braai',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 1, runs: [{ text: 'Terms', bold: false, italic: false }] },
      { type: 'heading', level: 2, runs: [{ text: 'Keys', bold: false, italic: false }] },
      {
        type: 'paragraph',
        runs: [
          { text: 'Return the ', bold: false, italic: false },
          { text: 'keys', bold: true, italic: false },
          { text: ' by ', bold: false, italic: false },
          { text: '10:00', bold: false, italic: true },
          { text: ' on ', bold: false, italic: false },
          { text: 'the last day', bold: true, italic: true },
          { text: '.', bold: false, italic: false },
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [{ text: 'Third', bold: false, italic: false }],
          [{ text: 'Fourth', bold: false, italic: false }],
        ],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ text: 'Pets', bold: false, italic: false }],
          [{ text: 'Braai', bold: false, italic: false }],
        ],
      },
    ]);
  });

  it('never lets HTML through: raw tags, scripts and links are shown as plain text', () => {
    const text = agreementPlainText(
      agreementBlocks(
        '<script>alert(1)</script>\n\nSee [our site](javascript:alert(1)) & <b>this</b> &amp; `code`\n\n```\nblock\n```',
      ),
    );
    expect(text).toBe('<script>alert(1)</script>\nSee our site & <b>this</b> & code\nblock');
    for (const block of agreementBlocks('<img src=x onerror=alert(1)>'))
      expect(JSON.stringify(block)).not.toContain('"html"');
  });

  it('deeper headings read as level 3; nested list items join their parent item; empty text has no blocks', () => {
    const [heading, list] = agreementBlocks('##### Small\n\n- One\n  - One a\n- Two');
    expect(heading).toMatchObject({ type: 'heading', level: 3 });
    expect(agreementPlainText(list ? [list] : [])).toBe('• One\nOne a\n• Two');
    expect(agreementBlocks('   \n\n')).toEqual([]);
  });
});
