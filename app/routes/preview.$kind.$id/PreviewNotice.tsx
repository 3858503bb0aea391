/**
 * The bar on every preview page: what this is, and until when the link works. Preview Changes of a
 * published page shows edits not saved yet, and says so: the live page still shows the saved version.
 */
export function PreviewNotice({ expiresAt, unsavedEdits }: { expiresAt: string; unsavedEdits: boolean }) {
  const time = new Date(expiresAt).toISOString().slice(11, 16);
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50" data-testid="preview-notice">
      <p className="container-page py-3 text-sm font-medium text-amber-900">
        {unsavedEdits ? (
          <>
            <strong className="font-bold">Preview of unsaved changes</strong> — the live page still shows the saved version until you click
            Update.
          </>
        ) : (
          <>
            <strong className="font-bold">Preview</strong> — not published.
          </>
        )}{' '}
        Only people with this link see this page; the link stops working at <time dateTime={expiresAt}>{time} UTC</time>.
      </p>
    </div>
  );
}
