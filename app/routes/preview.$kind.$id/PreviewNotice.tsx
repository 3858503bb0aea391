/** The bar on every preview page: what this is, and until when the link works. */
export function PreviewNotice({ expiresAt }: { expiresAt: string }) {
  const time = new Date(expiresAt).toISOString().slice(11, 16);
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50" data-testid="preview-notice">
      <p className="container-page py-3 text-sm font-medium text-amber-900">
        <strong className="font-bold">Preview</strong> — not published. Only people with this link see this page; the link stops working at{' '}
        <time dateTime={expiresAt}>{time} UTC</time>.
      </p>
    </div>
  );
}
