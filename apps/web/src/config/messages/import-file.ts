import { IMPORT_LIMITS } from '@meridian/contracts/constants';
import { formatBytes } from '@/utils/format';

export const importFile = {
  tooLarge: (size: number) =>
    `This file is ${formatBytes(size)}: Meridian imports files up to ${formatBytes(IMPORT_LIMITS.fileBytes)} (${IMPORT_LIMITS.rows.toLocaleString('en')} rows). Split it, or leave out the columns you do not import.`,
  notCsv:
    'Choose a CSV file (comma-separated, UTF-8) or an Excel workbook (.xlsx). From Numbers or LibreOffice: File › Export › CSV or Excel.',
  empty: 'This file has no rows below its header.',
  tooManyRows: `This file has more than ${IMPORT_LIMITS.rows.toLocaleString('en')} rows: split it into several imports.`,
  unreadable: (reason: string) => `This file could not be read as CSV: ${reason}`,
  unreadableWorkbook: (reason: string) =>
    `This file could not be read as an Excel workbook (.xlsx): ${reason}`,
} as const;
