import type { SaleStatus } from '~/lib/wordpress/types';

const BADGES: Record<Exclude<SaleStatus, 'available'>, { label: string; className: string }> = {
  reserved: { label: 'Reserved', className: 'bg-amber-100 text-amber-900 ring-amber-300' },
  sold: { label: 'Sold', className: 'bg-slate-900 text-white ring-slate-900' },
};

/**
 * "Reserved" or "Sold" on a card's photo or beside a car's price; nothing for an available car.
 * Text, not colour alone, carries the status, so it reads the same to a screen reader.
 */
export function SaleStatusBadge({ status, className = '' }: { status: SaleStatus; className?: string }) {
  if (status === 'available') return null;
  const badge = BADGES[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-bold uppercase tracking-wide ring-1 ${badge.className} ${className}`}
      data-testid="sale-status-badge"
    >
      {badge.label}
    </span>
  );
}
