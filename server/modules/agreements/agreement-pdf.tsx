import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { type AgreementRun, agreementBlocks } from '../../../domain/agreement.ts';
import { businessDateOf, formatDisplayDate } from '../../../domain/dates.ts';
import { registerDocumentFonts } from '../documents/pdf/fonts.ts';
import { ACCENT, styles as documentStyles, MUTED } from '../documents/pdf/styles.ts';

const styles = StyleSheet.create({
  title: { fontSize: 16, lineHeight: 1.25, fontWeight: 700, color: ACCENT, marginBottom: 2 },
  meta: { color: MUTED, marginBottom: 12 },
  h1: { fontSize: 13, lineHeight: 1.3, fontWeight: 700, marginTop: 8, marginBottom: 4 },
  h2: { fontSize: 11, lineHeight: 1.3, fontWeight: 700, marginTop: 6, marginBottom: 3 },
  h3: { fontSize: 10, lineHeight: 1.3, fontWeight: 700, marginTop: 4, marginBottom: 2 },
  paragraph: { marginBottom: 6 },
  item: { flexDirection: 'row', marginBottom: 3 },
  marker: { width: 18 },
  itemText: { flex: 1 },
});

function Runs({ runs }: { runs: readonly AgreementRun[] }) {
  return runs.map((run, index) => (
    <Text
      // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence of one text
      key={index}
      style={{ fontWeight: run.bold ? 700 : 400, fontStyle: run.italic ? 'italic' : 'normal' }}
    >
      {run.text}
    </Text>
  ));
}

/** The agreement's text: headings, paragraphs and lists, bold and italic (domain/agreement.ts). */
export function AgreementText({ body }: { body: string }) {
  return agreementBlocks(body).map((block, index) => {
    const key = `${block.type}-${index}`;
    if (block.type === 'heading') {
      const style = block.level === 1 ? styles.h1 : block.level === 2 ? styles.h2 : styles.h3;
      return (
        <Text key={key} style={style} minPresenceAhead={24}>
          <Runs runs={block.runs} />
        </Text>
      );
    }
    if (block.type === 'paragraph') {
      return (
        <Text key={key} style={styles.paragraph}>
          <Runs runs={block.runs} />
        </Text>
      );
    }
    return (
      <View key={key} style={styles.paragraph}>
        {block.items.map((item, position) => (
          <View
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are in a fixed order
            key={position}
            style={styles.item}
            wrap={false}
          >
            <Text style={styles.marker}>{block.ordered ? `${block.start + position}.` : '•'}</Text>
            <Text style={styles.itemText}>
              <Runs runs={item} />
            </Text>
          </View>
        ))}
      </View>
    );
  });
}

export interface AgreementPrint {
  businessName: string;
  version: number;
  /** The day the version was saved (its own PDF). */
  savedOn?: string;
  acceptedAt?: string | null;
  acceptedBy?: string | null;
  body: string;
}

/** The heading of an agreement: whose, which version, and (with a booking) who accepted it when. */
export function AgreementHeading({ agreement }: { agreement: AgreementPrint }) {
  const accepted =
    agreement.acceptedAt &&
    `Accepted${agreement.acceptedBy ? ` by ${agreement.acceptedBy}` : ''} on ${formatDisplayDate(businessDateOf(agreement.acceptedAt))}`;
  return (
    <View>
      <Text style={styles.title}>{agreement.businessName} rental agreement</Text>
      <Text style={styles.meta}>
        {[
          `Version ${agreement.version}${agreement.savedOn ? ` of ${formatDisplayDate(agreement.savedOn)}` : ''}`,
          accepted,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </View>
  );
}

/** A version of an agreement as its own PDF: attached to booking confirmation emails. */
export async function renderAgreementPdf(agreement: AgreementPrint): Promise<Buffer> {
  registerDocumentFonts();
  const name = `${agreement.businessName} rental agreement, version ${agreement.version}`;
  return renderToBuffer(
    <Document
      title={name}
      author={agreement.businessName}
      creator="Rentza"
      producer="Rentza"
      language="en-ZA"
    >
      <Page size="A4" style={documentStyles.page}>
        <View style={documentStyles.content}>
          <AgreementHeading agreement={agreement} />
          <AgreementText body={agreement.body} />
        </View>
        <View style={documentStyles.footer} fixed>
          <Text>{name}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>,
  );
}
