import { ConfirmDialog } from './ui/ConfirmDialog';

/**
 * Asks before removing (revoking, deleting) the item a row picked; open while `item` is set.
 * `onClose` clears it, whether the answer was yes or no.
 */
export function ConfirmRemoval<T>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  description: (item: T) => string;
  confirmLabel: string;
  onConfirm: (item: T) => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={item === null ? '' : description(item)}
      confirmLabel={confirmLabel}
      confirmVariant="destructive"
      onConfirm={() => {
        if (item !== null) onConfirm(item);
        onClose();
      }}
    />
  );
}
