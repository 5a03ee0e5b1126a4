import { BLENDS_FOOTNOTE, codeLabel, FABRICS, skeinsOfBrands, threadKey, threadLabel } from '@stitchwise/core';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { detailOf, failureMessage } from '../../api/client';
import { useShoppingList, useShoppingListCsv } from '../../api/owned-threads';
import type { ShoppingList as List } from '../../api/schemas';
import { saveFile } from '../../lib/save-file';
import { ThreadSwatch } from '../../components/ThreadSwatch';

/** While set on <body>, printing shows the shopping list alone (index.css). */
const PRINTING = 'shopping-list';

/**
 * What to buy for the project: per thread the skeins the chart takes on the chosen fabric, those on the
 * user's list of owned threads, and the difference; as a CSV download, or printed on one page.
 */
export function ShoppingList({ projectId }: { projectId: string }) {
  const [fabric, setFabric] = useState(14);
  const list = useShoppingList(projectId, fabric);
  const csv = useShoppingListCsv(projectId);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!printing) return;
    document.body.dataset.printing = PRINTING;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      delete document.body.dataset.printing;
    };
  }, [printing]);

  const download = () =>
    csv.mutate(fabric, {
      onSuccess: ({ blob, filename }) => saveFile(blob, filename),
      onError: (error) => toast.error(failureMessage(error, 'The shopping list could not be downloaded. Please try again.')),
    });

  return (
    <section className="card space-y-4" aria-labelledby="shopping-list-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="shopping-list-title" className="font-semibold">
          Shopping list
        </h2>
        <label className="text-sm font-medium">
          Fabric
          <select className="input mt-1 block" value={fabric} onChange={(event) => setFabric(Number(event.target.value))}>
            {FABRICS.map((option) => (
              <option key={option.count} value={option.count}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <p className="text-sm text-slate-600">Counting skeins…</p>
      ) : list.isError ? (
        <div className="text-sm">
          <p className="text-red-700">{detailOf(list.error) ?? 'The shopping list could not be loaded.'}</p>
          <button type="button" className="btn-secondary mt-2" onClick={() => void list.refetch()}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          <Summary list={list.data} />
          <ListTable list={list.data} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" disabled={csv.isPending} onClick={download}>
              {csv.isPending ? 'Preparing CSV…' : 'Download CSV'}
            </button>
            {/* Printing again while the printed copy is still mounted (no afterprint event came) prints it again. */}
            <button type="button" className="btn-secondary" onClick={() => (printing ? window.print() : setPrinting(true))}>
              Print
            </button>
            <Link to="/threads/mine" className="btn-ghost">
              Edit my threads
            </Link>
          </div>
          {printing && createPortal(<PrintedList list={list.data} />, document.body)}
        </>
      )}
    </section>
  );
}

function Summary({ list }: { list: List }) {
  const { to_buy: toBuy, threads_to_buy: threads } = list.totals;
  return (
    <p className="text-sm text-slate-700" data-testid="shopping-summary">
      {toBuy === 0 ? 'You have every skein this chart needs.' : `Buy ${toBuy} skein${toBuy === 1 ? '' : 's'} of ${threads} thread${threads === 1 ? '' : 's'}.`}{' '}
      Whole {skeinsOfBrands(list.threads)} on {list.fabric.label}, {list.fabric.strands} strand{list.fabric.strands === 1 ? '' : 's'}, 15 % spare.
      {list.threads.some((entry) => entry.blends.length > 0) && ` ${BLENDS_FOOTNOTE}`}
    </p>
  );
}

/** The table, on screen and in print; `compact` is the printed one: a tick box per thread for the shop, no colours needed. */
function ListTable({ list, compact = false }: { list: List; compact?: boolean }) {
  const cell = compact ? 'px-1 py-px' : 'px-2 py-1';
  const number = `${cell} text-right tabular-nums`;
  return (
    <div className={compact ? '' : 'overflow-x-auto'}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-300 text-xs text-slate-600">
          <tr>
            {compact && <th className={cell}>Bought</th>}
            <th className={cell}>Symbol</th>
            <th className={cell}>Thread</th>
            <th className={cell}>Name</th>
            <th className={`${cell} text-right`}>Needed</th>
            <th className={`${cell} text-right`}>Owned</th>
            <th className={`${cell} text-right`}>To buy</th>
          </tr>
        </thead>
        <tbody>
          {list.threads.map((entry) => (
            <tr key={threadKey(entry)} className="border-b border-slate-100">
              {compact && <td className={cell}>{entry.to_buy > 0 ? '☐' : ''}</td>}
              <td className={cell}>
                <span className="inline-flex items-center gap-1">
                  <ThreadSwatch hex={entry.hex} size={compact ? 'h-2.5 w-2.5' : 'h-5 w-5'} />
                  {entry.symbol}
                </span>
              </td>
              <td className={cell}>
                <span className="font-mono whitespace-nowrap">{threadLabel(entry)}</span>
                {entry.blends.length > 0 && (
                  <span className="block text-xs text-slate-600" data-testid="shopping-blends">
                    {/* A thread stitched only in blends has no symbol of its own. */}
                    {entry.symbol ? 'Also in' : 'In'} {entry.blends.length === 1 ? 'blend' : 'blends'} {entry.blends.map(codeLabel).join(', ')}
                  </span>
                )}
              </td>
              <td className={cell}>{entry.name}</td>
              <td className={number}>{entry.skeins_needed}</td>
              <td className={number}>{entry.owned}</td>
              <td className={`${number} font-semibold`}>{entry.to_buy}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="font-semibold">
          <tr>
            <td className={cell} colSpan={compact ? 4 : 3}>
              Total
            </td>
            <td className={number}>{list.totals.skeins_needed}</td>
            <td className={number}>{list.totals.owned}</td>
            <td className={number}>{list.totals.to_buy}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The page printed: the project's name, the summary and the table, small enough that 50 threads fit one page. */
function PrintedList({ list }: { list: List }) {
  return (
    <div className="shopping-list-print" data-testid="printed-shopping-list">
      <h1 className="text-base font-bold">Shopping list: {list.project_name}</h1>
      <Summary list={list} />
      <ListTable list={list} compact />
    </div>
  );
}
