/** The .xls statement tests' fixtures (statementXlsRead, statementXlsHttp): a statement's rows and the OLE2 layout. */
import { tableOfFile, type StatementTable } from '../../../server/modules/orders/statementFile';
import { type XlsCell } from '../../fixtures/xls';

export const HEADER = ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名'];
/** An ICBC-style statement: account lines above the header, a debit, a credit in RK, a formula's text. */
export function statement(refs: string[]): XlsCell[][] {
  return [
    ['账号：6222 0000 1111 2222'],
    ['户名：中国科学院某研究所', '币种：人民币'],
    HEADER,
    [new Date(Date.UTC(2026, 10, 20)), `会议注册费 ${refs[0]}`, null, 1200, '张伟'],
    [{ date: new Date(Date.UTC(2026, 10, 21)), chinese: true }, '手续费', 20, -20, null],
    [new Date(Date.UTC(2026, 10, 22)), { formula: `注册费${refs[1]}李娜` }, null, { rk: 1200.5 }, '李娜'],
  ];
}
export const mapping = { date: '交易日期', amount: '贷方发生额', text: '摘要', payer: '对方户名' };
export const table = async (bytes: Uint8Array): Promise<StatementTable> => {
  const read = await tableOfFile(bytes);
  if ('error' in read) throw new Error(read.error);
  return read;
};

/** The FAT sector's offset and the chain of the directory entry named `name`, from a cfb-written file. */
export function layout(bytes: Buffer, name: string) {
  const fatAt = (bytes.readUInt32LE(0x4c) + 1) * 512;
  const dirAt = (bytes.readUInt32LE(0x30) + 1) * 512;
  for (let at = dirAt; at < dirAt + 512; at += 128) {
    const entry = bytes.subarray(at, at + bytes.readUInt16LE(at + 64) - 2).toString('utf16le');
    if (entry === name) return { fatAt, start: bytes.readUInt32LE(at + 116), entryAt: at };
  }
  throw new Error(`no ${name}`);
}
