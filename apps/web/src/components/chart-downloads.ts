import type { PaperSize } from '@stitchwise/core';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { failureMessage } from '../api/client';
import { useExportPattern, type ExportOptions, type ExportSource } from '../api/patterns';
import { readPrintChoices, rememberPrintChoices } from '../lib/print-choices';
import { saveFile } from '../lib/save-file';
import { DEFAULT_PRINT_OPTIONS, printPlan, type PrintOptions, type PrintPlan } from './PrintOptions';

/**
 * A chart's downloads and how they are made: the fabric, paper, colour and print options chosen, what the
 * PDF will hold with them, and the download itself. One of these is shared by a page's 'Download PDF chart'
 * at the top and the Print and materials panel below it, so the button at the top prints as the panel says.
 */
export interface ChartDownloads {
  width: number;
  height: number;
  fabricCount: number;
  setFabricCount: (count: number) => void;
  paper: PaperSize;
  setPaper: (paper: PaperSize) => void;
  variant: 'color' | 'bw';
  setVariant: (variant: 'color' | 'bw') => void;
  print: PrintOptions;
  setPrint: (print: PrintOptions) => void;
  /** The PDF's pages with these options; not ok while the page range names pages the chart does not have. */
  printing: PrintPlan;
  /** The format being made, while one is. */
  busy: ExportOptions['format'] | undefined;
  download: (format: ExportOptions['format']) => void;
}

export function useChartDownloads(source: ExportSource, width: number, height: number): ChartDownloads {
  // The sheet and the cut this device last printed with: Stitching mode's 'Page' numbers pages the same way.
  const [remembered] = useState(readPrintChoices);
  const [fabricCount, setFabricCount] = useState(14);
  const [paper, setPaper] = useState<PaperSize>(remembered.paper);
  const [variant, setVariant] = useState<'color' | 'bw'>('color');
  const [print, setPrint] = useState<PrintOptions>({ ...DEFAULT_PRINT_OPTIONS, orientation: remembered.orientation, preset: remembered.preset });
  const printing = printPlan(width, height, paper, print);
  const exporting = useExportPattern(source);

  const download = (format: ExportOptions['format']) => {
    const fabric = String(fabricCount) as ExportOptions['fabric'];
    // Only the PDF is cut into pages: the other files print every stitch whatever the range says.
    const pages = format === 'pdf' ? printing.pages : 'all';
    exporting.mutate(
      { format, paper, variant, fabric, orientation: print.orientation, stitches_per_page: print.preset, pages },
      {
        onSuccess: ({ blob, filename }) => {
          saveFile(blob, filename);
          // What was printed is what Stitching mode's page numbers follow.
          if (format === 'pdf') rememberPrintChoices({ paper, orientation: print.orientation, preset: print.preset });
        },
        onError: (error) => toast.error(failureMessage(error, 'The download could not be made. Please try again.')),
      },
    );
  };

  return {
    width,
    height,
    fabricCount,
    setFabricCount,
    paper,
    setPaper,
    variant,
    setVariant,
    print,
    setPrint,
    printing,
    busy: exporting.isPending ? exporting.variables.format : undefined,
    download,
  };
}
