import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UploadProgress } from '@/lib/upload';
import type { BulkResponse } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { importShipments } from '../api/import-shipments';
import { importSites } from '../api/import-sites';
import { importProducts } from '../api/products';
import { checkProductImport } from '../import/products';
import { FIELDS_OF, type ImportKind, autoMapping } from '../import/fields';
import { type ParsedFile, readImportFile } from '../import/parse-file';
import {
  type ColumnMapping,
  type ImportCheck,
  type RowIssue,
  checkImport,
  issuesOnLines,
} from '../import/validate';
import * as WEB_MESSAGES from '@/config/messages';

type Loaded = { file: ParsedFile; fileName: string; mapping: ColumnMapping };

export type WizardState =
  | { step: 'file'; problem: string | null; busy: boolean }
  | ({ step: 'map'; busy: boolean } & Loaded)
  | ({
      step: 'check';
      check: ImportCheck;
      /** The server's refusal, on the file's lines. */
      refused: { message: string; issues: RowIssue[] } | null;
    } & Loaded)
  | ({ step: 'import'; check: ImportCheck; progress: UploadProgress | null } & Loaded)
  | { step: 'done'; fileName: string; result: BulkResponse['data'] };

const START: WizardState = { step: 'file', problem: null, busy: false };
const ROW_ERROR = /^(?:sites|shipments|products)\.\d+\.\S+: /;
const IMPORTERS = {
  sites: importSites,
  shipments: importShipments,
  products: importProducts,
} as const;

/** Lets the browser paint a "busy" state before a long synchronous step (checking 100,000 rows). */
const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The import wizard's steps: choose a file (refused unread when too large), match its columns,
 * check every row as the server will, then send it whole — one request, one transaction — with
 * the upload's and the server's progress. A refusal comes back on the file's lines.
 */
export function useImportWizard(kind: ImportKind) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<WizardState>(START);
  const abort = useRef<AbortController | null>(null);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState(START);
  }, []);

  const chooseFile = async (file: File) => {
    setState({ step: 'file', problem: null, busy: true });
    const read = await readImportFile(file);
    if ('problem' in read) {
      setState({ step: 'file', problem: read.problem, busy: false });
      return;
    }
    setState({
      step: 'map',
      busy: false,
      file: read,
      fileName: file.name,
      mapping: autoMapping(FIELDS_OF[kind], read.headers),
    });
  };

  const setColumn = (field: string, column: number | null) =>
    setState((current) =>
      current.step === 'map'
        ? { ...current, mapping: { ...current.mapping, [field]: column } }
        : current,
    );

  const check = async () => {
    if (state.step !== 'map' && state.step !== 'check') return;
    const { file, fileName, mapping } = state;
    setState({ step: 'map', busy: true, file, fileName, mapping });
    await nextFrame();
    setState({
      step: 'check',
      file,
      fileName,
      mapping,
      check:
        kind === 'products' ? checkProductImport(file, mapping) : checkImport(kind, file, mapping),
      refused: null,
    });
  };

  const backToMapping = () =>
    setState((current) =>
      current.step === 'check'
        ? {
            step: 'map',
            busy: false,
            file: current.file,
            fileName: current.fileName,
            mapping: current.mapping,
          }
        : current,
    );

  const start = async () => {
    if (state.step !== 'check' || state.check.issues.length > 0) return;
    const loaded = { file: state.file, fileName: state.fileName, mapping: state.mapping };
    const { check: checked } = state;
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'import', ...loaded, check: checked, progress: null });
    try {
      const result = await IMPORTERS[kind](
        checked.rows,
        (progress) =>
          setState((current) => (current.step === 'import' ? { ...current, progress } : current)),
        controller.signal,
      );
      setState({ step: 'done', fileName: loaded.fileName, result });
      await Promise.all(
        [
          queryKeys.sites.all,
          queryKeys.shipments.all,
          queryKeys.products.all,
          queryKeys.atlas.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ step: 'check', ...loaded, check: checked, refused: null });
        return;
      }
      const message = error instanceof Error ? error.message : WEB_MESSAGES.suppliers.importFailed;
      const given = error instanceof ApiError ? error.issues : [];
      // One row error comes as the message alone: "sites.12.city: …".
      const issues =
        given.length > 0
          ? given
          : ROW_ERROR.test(message)
            ? [
                {
                  path: message.slice(0, message.indexOf(': ')),
                  message: message.slice(message.indexOf(': ') + 2),
                },
              ]
            : [];
      setState({
        step: 'check',
        ...loaded,
        check: checked,
        refused: {
          message: issues.length > 0 ? WEB_MESSAGES.suppliers.importRefused : message,
          issues: issuesOnLines(kind, issues, checked.lines, checked.partLines),
        },
      });
    }
  };

  const cancel = () => abort.current?.abort();

  return { state, reset, chooseFile, setColumn, check, backToMapping, start, cancel };
}
