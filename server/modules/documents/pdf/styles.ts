import { StyleSheet } from '@react-pdf/renderer';
import { DOCUMENT_FONT } from './fonts.ts';

export const INK = '#212529';
export const MUTED = '#5c636a';
export const ACCENT = '#0b7285';
export const RULE = '#ced4da';
export const SHADE = '#f1f3f5';

export const styles = StyleSheet.create({
  page: {
    fontFamily: DOCUMENT_FONT,
    fontSize: 9,
    color: INK,
    paddingTop: 36,
    paddingBottom: 56,
    paddingHorizontal: 40,
  },
  // Not on the page: a page line height makes react-pdf 4.9 drop the footer's page-number text.
  content: { fontSize: 9, lineHeight: 1.35 },
  row: { flexDirection: 'row' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 18 },
  supplier: { width: '55%' },
  logo: { maxWidth: 170, maxHeight: 64, objectFit: 'contain', marginBottom: 6, alignSelf: 'flex-start' },
  tradingName: { fontSize: 13, lineHeight: 1.25, fontWeight: 700, marginBottom: 2 },
  muted: { color: MUTED },
  bold: { fontWeight: 700 },
  titleBlock: { width: '40%', alignItems: 'flex-end' },
  title: { fontSize: 20, lineHeight: 1.2, fontWeight: 700, color: ACCENT, marginBottom: 8 },
  metaRow: { flexDirection: 'row', justifyContent: 'flex-end', marginBottom: 1 },
  metaLabel: { color: MUTED, width: 80, textAlign: 'right', marginRight: 8 },
  metaValue: { fontWeight: 700, width: 110, textAlign: 'right' },
  parties: {
    flexDirection: 'row',
    marginBottom: 16,
    borderTopWidth: 1,
    borderTopColor: RULE,
    paddingTop: 10,
  },
  party: { width: '50%', paddingRight: 12 },
  sectionLabel: { fontSize: 7.5, fontWeight: 700, color: MUTED, textTransform: 'uppercase', marginBottom: 3 },
  tableHead: {
    flexDirection: 'row',
    backgroundColor: SHADE,
    borderBottomWidth: 1,
    borderBottomColor: RULE,
    paddingVertical: 4,
    fontWeight: 700,
    fontSize: 8,
  },
  tableRow: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 4 },
  cell: { paddingHorizontal: 4 },
  num: { paddingHorizontal: 4, textAlign: 'right' },
  note: { fontSize: 8, color: MUTED, marginTop: 6 },
  reason: { marginBottom: 10, fontWeight: 700 },
  totals: { alignSelf: 'flex-end', width: 250, marginTop: 10 },
  /** One payment received, under "Payments received" (docs/decisions/064). */
  paymentRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 1,
    paddingLeft: 12,
    paddingRight: 4,
    fontSize: 7.5,
    color: MUTED,
  },
  totalRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 2,
    paddingHorizontal: 4,
  },
  grandTotal: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 4,
    paddingHorizontal: 4,
    borderTopWidth: 1,
    borderTopColor: INK,
    fontWeight: 700,
  },
  balance: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 5,
    paddingHorizontal: 4,
    marginTop: 4,
    backgroundColor: ACCENT,
    color: '#ffffff',
    fontWeight: 700,
    fontSize: 10,
    lineHeight: 1.3,
  },
  bottom: { flexDirection: 'row', marginTop: 22, borderTopWidth: 1, borderTopColor: RULE, paddingTop: 10 },
  bottomBox: { width: '50%', paddingRight: 12 },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 40,
    right: 40,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
    color: MUTED,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
  },
});
