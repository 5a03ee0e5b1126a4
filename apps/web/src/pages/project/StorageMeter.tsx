import { useStorageUsage } from '../../api/projects';
import { readableBytes } from '@stitchwise/core';

/** Past this share of the quota the bar turns amber, and the line says what to do. */
const NEARLY_FULL = 0.9;

/** "Storage: 312 MB of 1 GB used", with a bar; nothing while it loads or when it cannot be read. */
export function StorageMeter({ enabled }: { enabled: boolean }) {
  const storage = useStorageUsage({ enabled });
  if (!storage.data) return null;
  const { used, limit } = storage.data;
  const share = Math.min(1, used / limit);
  const full = used >= limit;
  return (
    <div className="max-w-md space-y-1 text-sm text-slate-700" data-testid="storage-meter">
      <p>
        Storage: {readableBytes(used)} of {readableBytes(limit)} used
        {share >= NEARLY_FULL && (
          <span className={full ? 'text-red-700' : 'text-amber-800'}>
            {full ? ' — full: ' : ' — nearly full: '}delete projects or copies you no longer need to make room.
          </span>
        )}
      </p>
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${readableBytes(used)} of ${readableBytes(limit)}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${full ? 'bg-red-600' : share >= NEARLY_FULL ? 'bg-amber-500' : 'bg-violet-600'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
